package stage

import "github.com/storygate/storygate/internal/diag"

func init() {
	register(Rule{ID: "stage/required-field", Severity: diag.SeverityError,
		Summary: "every required field of stage-fields.md is present (one finding per missing field)",
		file:    checkRequiredFields})
}

func checkRequiredFields(r *reporter, f *File) {
	for _, s := range fieldSpecs {
		if s.required && f.Get(s.name) == nil {
			r.atPos(f, diag.Pos{Line: 1, Column: 1}, "missing required field %q", s.name)
		}
	}
}
