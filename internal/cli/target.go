package cli

import (
	"fmt"

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
