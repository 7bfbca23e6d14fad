package stage

import "github.com/storygate/storygate/internal/diag"

func checkTitle(r *reporter, f *File) {
	for _, h := range f.Headings {
		if h.Level == 1 {
			return
		}
		if h.Level == 2 {
			break
		}
	}
	r.atPos(f, diag.Pos{Line: f.BodyLine, Column: 1}, "the body has no \"# Title\" heading before its compartments")
}
