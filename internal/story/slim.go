package story

// Slim returns a copy of s that keeps only its path and decoded frontmatter
// fields (no source, no body, no YAML tree). Set-level rules need no more,
// and validating thousands of stories must not hold them all in memory.
func (s *Story) Slim() *Story {
	out := &Story{Path: s.Path, Problems: s.Problems}
	if s.Front == nil {
		return out
	}
	fm := *s.Front
	fm.Root = nil
	fm.TypeErrors, fm.MissingItemFields = nil, nil
	fm.Acceptance, fm.Verification, fm.Tags = Criteria{}, Checks{}, StringList{}
	// Key positions survive as plain values: nothing in a slim story points
	// into the YAML tree, so holding thousands costs the collector little.
	fm.Keys, fm.slimKeyPos = nil, make(map[string]Pos, len(slimKeys))
	for _, k := range slimKeys {
		if kv, ok := s.Front.Keys[k]; ok {
			fm.slimKeyPos[k] = s.Front.pos(kv.Key)
		}
	}
	out.Front = &fm
	return out
}

// slimKeys are the keys whose positions set-level rules report at.
var slimKeys = []string{"id", "state", "parent", "depends_on", "dependent_stories", "scope"}
