package stage

import (
	"strings"

	"github.com/storygate/storygate/internal/diag"
)

func checkStepsPresent(r *reporter, f *File) {
	if compartmentLine(f, "Steps") == 0 {
		r.atPos(f, diag.Pos{Line: f.BodyLine, Column: 1}, "the body has no \"## Steps\" compartment")
	}
}

// compartmentLine returns the line of the first "## name" heading (compared
// case-insensitively), or 0.
func compartmentLine(f *File, name string) int {
	for _, h := range f.Headings {
		if h.Level == 2 && strings.EqualFold(h.Text, name) {
			return h.Line
		}
	}
	return 0
}
