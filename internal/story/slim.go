package story

import "gopkg.in/yaml.v3"

// Slim returns a copy of s that keeps only its path and decoded frontmatter
// fields (no source, no body, no YAML tree). Set-level rules need no more,
// and validating thousands of stories must not hold them all in memory.
func (s *Story) Slim() *Story {
	out := &Story{Path: s.Path, Problems: s.Problems}
	if s.Front == nil {
		return out
	}
	fm := *s.Front
	fm.Root, fm.KeyOrder = nil, nil
	fm.TypeErrors, fm.MissingItemFields = nil, nil
	fm.Acceptance, fm.Verification, fm.Tags = Criteria{}, Checks{}, StringList{}
	fm.Keys = make(map[string]KeyValue, len(slimKeys))
	for _, k := range slimKeys {
		if kv, ok := s.Front.Keys[k]; ok {
			fm.Keys[k] = KeyValue{Key: leaf(kv.Key), Value: leaf(kv.Value)}
		}
	}
	out.Front = &fm
	return out
}

// slimKeys are the keys whose positions set-level rules report at.
var slimKeys = []string{"id", "state", "parent", "depends_on", "dependent_stories", "scope"}

// leaf copies a node's kind, tag, value and position without its children.
func leaf(n *yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: n.Kind, Tag: n.Tag, Value: n.Value, Line: n.Line, Column: n.Column, Style: n.Style}
}
