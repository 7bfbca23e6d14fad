package stage

func checkSlugFilename(r *reporter, f *File) {
	if v := f.Get("slug"); isString(v) && v.Value != f.Stem {
		r.at(f, v, "slug %q does not match the file name %s.md; rename one of them", v.Value, f.Stem)
	}
}
