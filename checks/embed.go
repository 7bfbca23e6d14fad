// Package checks carries storygate's default record-check suites and the
// atomic-step-contract pack's templates as JSON Schemas, embedded so the
// binary (and the Docker image) has them without the source tree.
package checks

import "embed"

// FS holds the suites (*.yaml) at its root and the schemas under schemas/.
//
//go:embed *.yaml schemas/*.json
var FS embed.FS
