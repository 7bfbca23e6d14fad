package stage

func checkRequiresReviewer(r *reporter, f *File) {
	if v := f.Get("reviewer"); v != nil && !isNull(v) {
		return
	}
	for _, name := range []string{"reviewer_max_iterations", "review_class"} {
		if k, _ := f.Lookup(name); k != nil {
			r.at(f, k, "%s requires a reviewer; delete it or declare reviewer", name)
		}
	}
}
