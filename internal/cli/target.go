package cli

import (
	"fmt"

	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/target"
)

// openTarget opens the run's target (target.Open: the root's place, the
// commits, the change, the base's policy), once, before anything from the
// change runs, and says on stderr when the work tree's configuration is
// not the one in effect.
func openTarget(e env, cmd string, opts target.Options) (*target.Target, int) {
	t, err := target.Open(opts)
	if err != nil {
		return nil, failure(e, cmd, err)
	}
	for _, note := range t.PolicyNotes() {
		fmt.Fprintf(e.stderr, "storygate %s: note: %s\n", cmd, note)
	}
	return t, -1
}

// severityPipeline is the findings pipeline of a command that judges
// files outside any story (stage files, record files): the rules:
// severities of the policy of the run's target, whose root is the
// repository holding path (target.Open: configFile when given, else that
// repository's configuration when it has one), every ID checked against
// the catalog, so one rules: section governs these commands as it does
// the PR gate.
func severityPipeline(e env, cmd, path, configFile string) (*findings.Pipeline, int) {
	root, err := rootFor("", []string{path})
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate %s: %v\n", cmd, err)
		return nil, ExitUsage
	}
	t, code := openTarget(e, cmd, target.Options{Root: root, ConfigFile: configFile})
	if code >= 0 {
		return nil, code
	}
	if err := t.Policy().CheckCatalogRuleIDs(); err != nil {
		fmt.Fprintf(e.stderr, "storygate %s: %v\n", cmd, err)
		return nil, ExitUsage
	}
	return findings.New(findings.Options{Config: t.Policy()}), -1
}
