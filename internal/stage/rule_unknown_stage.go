package stage

func checkUnknownStages(r *reporter, s *Set) {
	known := s.BySlug()
	for _, st := range s.Stages() {
		for _, it := range seqItems(st.File.Get("requires_stage")) {
			if isString(it) && known[it.Value] == nil {
				r.at(st.File, it, "requires_stage names unknown stage %q", it.Value)
			}
		}
	}
}
