package stage

import "github.com/storygate/storygate/internal/diag"

func init() {
	register(Rule{ID: "stage/slug-filename", Severity: diag.SeverityError,
		Summary: "slug equals the file name stem (<phase>/<slug>.md)",
		file:    checkSlugFilename})
}

func checkSlugFilename(r *reporter, f *File) {
	if v := f.Get("slug"); isString(v) && v.Value != f.Stem {
		r.at(f, v, "slug %q does not match the file name %s.md; rename one of them", v.Value, f.Stem)
	}
}
