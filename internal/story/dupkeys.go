package story

import (
	"fmt"
	"strconv"

	"gopkg.in/yaml.v3"
)

// YAML requires the keys of a mapping to be unique, but yaml.v3 decodes a
// repeated key into a node tree without complaint, and every reader of the
// tree would then see the first value and miss the second. A repeated key
// anywhere in the frontmatter is therefore a syntax error.

// smallMapping is the size up to which a mapping's keys are compared pair
// by pair (a story's top level has about twenty); larger mappings use a
// set, so hostile input stays linear.
const smallMapping = 48

// keyID is a key as yaml.v3 compares keys: kind and text.
type keyID struct {
	kind  yaml.Kind
	value string
}

// duplicateProblem reports the first key, in document order, that repeats
// an earlier key of the same mapping.
func (fm *Frontmatter) duplicateProblem() (Problem, bool) {
	dup, first := firstDuplicate(fm.Root)
	if dup == nil {
		return Problem{}, true
	}
	where := ""
	if path := pathTo(fm.Root, dup, ""); path != "" {
		where = " in " + path
	}
	return Problem{Rule: "structure/frontmatter-syntax", Pos: fm.pos(dup),
		Message: fmt.Sprintf("duplicate key %q%s (first defined at line %d)", dup.Value, where, fm.pos(first).Line)}, false
}

// firstDuplicate returns the first repeated key under n and the key it
// repeats, or nils.
func firstDuplicate(n *yaml.Node) (dup, first *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		for _, c := range n.Content {
			if dup, first = firstDuplicate(c); dup != nil {
				return dup, first
			}
		}
		return nil, nil
	}
	var seen map[keyID]*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		if first = earlierKey(n, i, &seen); first != nil {
			return n.Content[i], first
		}
		for _, c := range n.Content[i : i+2] {
			if dup, first = firstDuplicate(c); dup != nil {
				return dup, first
			}
		}
	}
	return nil, nil
}

// earlierKey returns the key before index i of mapping m equal to the key
// at i (same kind and text, as yaml.v3 compares keys), or nil. Only scalar
// and alias keys are compared. seen is the set of keys so far, kept only
// for large mappings.
func earlierKey(m *yaml.Node, i int, seen *map[keyID]*yaml.Node) *yaml.Node {
	k := m.Content[i]
	if k.Kind != yaml.ScalarNode && k.Kind != yaml.AliasNode {
		return nil
	}
	if len(m.Content) <= 2*smallMapping {
		for j := 0; j < i; j += 2 {
			if e := m.Content[j]; e.Kind == k.Kind && e.Value == k.Value {
				return e
			}
		}
		return nil
	}
	if *seen == nil {
		*seen = make(map[keyID]*yaml.Node, len(m.Content)/2)
	}
	id := keyID{k.Kind, k.Value}
	if e, ok := (*seen)[id]; ok {
		return e
	}
	(*seen)[id] = k
	return nil
}

// pathTo names where target sits under n, as "scope", "verification[0]" or
// "scope.write"; "" for a top-level key, and for a target that is not found.
func pathTo(n, target *yaml.Node, prefix string) string {
	for i, c := range n.Content {
		name := prefix
		switch {
		case n.Kind == yaml.SequenceNode:
			name = prefix + "[" + strconv.Itoa(i) + "]"
		case n.Kind == yaml.MappingNode && i%2 == 1:
			name = joinPath(prefix, n.Content[i-1].Value)
		}
		if c == target {
			return prefix
		}
		if p := pathTo(c, target, name); p != "" {
			return p
		}
	}
	return ""
}

func joinPath(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}
