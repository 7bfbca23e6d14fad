// Package pairtest is the end-to-end test of the shipped two-phase pair
// (.github/workflows/storygate.yml and storygate-publish.yml, and for a
// recorded decision storygate-commands.yml) as GitHub runs it: the tests
// interpret the workflow files step by step, emulate
// the actions they use (checkout, upload-artifact, download-artifact, the
// storygate Docker action, the host action with its install.sh, and run:
// steps) against a local bare repository playing GitHub's git side,
// served over smart HTTP that refuses requests without the job's token,
// and the OpenAPI-enforcing fake GitHub, and
// compare the verdict the gate job reached with the check runs publish
// posts. The package holds nothing but its tests.
package pairtest
