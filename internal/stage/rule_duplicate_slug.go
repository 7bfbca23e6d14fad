package stage

func checkDuplicateSlugs(r *reporter, s *Set) {
	first := s.BySlug()
	for _, st := range s.Stages() {
		if owner := first[st.Slug]; owner != nil && owner != st {
			r.at(st.File, st.File.Get("slug"), "slug %q is already defined by %s", st.Slug, owner.File.Path)
		}
	}
}
