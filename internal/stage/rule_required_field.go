package stage

import "github.com/storygate/storygate/internal/diag"

func checkRequiredFields(r *reporter, f *File) {
	for _, s := range fieldSpecs {
		if s.required && f.Get(s.name) == nil {
			r.atPos(f, diag.Pos{Line: 1, Column: 1}, "missing required field %q", s.name)
		}
	}
}
