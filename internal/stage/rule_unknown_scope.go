package stage

func checkScopes(r *reporter, s *Set) {
	if s.Scopes == nil {
		return // no scopes directory: nothing to resolve against
	}
	for _, f := range s.Files {
		if !f.Parsed() {
			continue
		}
		for i, it := range seqItems(f.Get("scopes")) {
			if isString(it) && it.Value != "" && !s.Scopes[it.Value] {
				r.at(f, it, "scopes[%d] %q has no scope file in the scopes directory: none says name: %s in its frontmatter or is named for it", i, it.Value, it.Value)
			}
		}
	}
}
