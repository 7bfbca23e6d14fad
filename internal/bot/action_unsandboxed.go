package bot

import (
	"fmt"

	"github.com/storygate/storygate/internal/gate"
)

// warnUnsandboxed makes a gate run whose commands from the change ran
// without a sandbox say so in Actions: a warning annotation on the run
// (the comment says it at its top, from the document's isolation). auto
// falls back to running unsandboxed where no sandbox can start; that
// must never pass unseen.
func (a *actionRun) warnUnsandboxed(res *gate.Results) {
	if res.Isolation != nil {
		a.warnIsolation(res.Isolation.Sandboxed, res.Isolation.Summary)
	}
}

// warnIsolation writes the warning annotation when commands ran
// unsandboxed, in any run but a local one.
func (a *actionRun) warnIsolation(sandboxed bool, summary string) {
	if sandboxed || a.plan.event.Name == "local" {
		return
	}
	fmt.Fprintf(a.e.stdout, "::warning title=storygate sandbox::%s\n", escapeCommand(summary))
}
