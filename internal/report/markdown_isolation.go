package report

import (
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/inert"
)

// unsandboxedLine is the comment's first line under its title when the
// commands from the change ran without a sandbox (verify.sandbox auto on
// a runner where none could start, or off), "" otherwise: a reviewer
// reads it before any verdict those commands produced.
func unsandboxedLine(iso *gate.Isolation) string {
	if iso == nil || iso.Sandboxed {
		return ""
	}
	return "> [!WARNING]\n> " + "**" + inert.Inline(iso.Summary) + "**" + "\n\n"
}
