package bot

import (
	"fmt"

	"github.com/storygate/storygate/internal/gate"
)

// warnUnsandboxed makes a run whose commands from the change ran without
// a sandbox say so in Actions: a warning annotation on the run (the
// comment says it at its top, from the document's isolation). auto
// falls back to running unsandboxed where no sandbox can start; that
// must never pass unseen.
func (a *actionRun) warnUnsandboxed(res *gate.Results) {
	if a.plan.event.Name == "local" || res.Isolation == nil || res.Isolation.Sandboxed {
		return
	}
	fmt.Fprintf(a.e.stdout, "::warning title=storygate sandbox::%s\n", escapeCommand(res.Isolation.Summary))
}
