package stage

// checkUnknownStages reports requires_stage entries naming no stage; an
// entry naming a stage file that exists but did not parse is not unknown
// (stage/not-checked says it was skipped).
func checkUnknownStages(r *reporter, s *Set) {
	known, bad := s.BySlug(), s.unparsed()
	for _, st := range s.Stages() {
		for _, it := range seqItems(st.File.Get("requires_stage")) {
			if isString(it) && known[it.Value] == nil && bad[it.Value] == nil {
				r.at(st.File, it, "requires_stage names unknown stage %q", it.Value)
			}
		}
	}
}
