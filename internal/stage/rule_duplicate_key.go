package stage

import "gopkg.in/yaml.v3"

func checkDuplicateKeys(r *reporter, f *File) {
	stack := []*yaml.Node{f.Front}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind == yaml.MappingNode {
			reportRepeatedKeys(r, f, n)
		}
		stack = append(stack, n.Content...)
	}
}

func reportRepeatedKeys(r *reporter, f *File, m *yaml.Node) {
	first := map[string]*yaml.Node{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		if prev, dup := first[k.Value]; dup {
			r.at(f, k, "key %q is repeated (first on line %d); only the first is used", k.Value, f.Pos(prev).Line)
			continue
		}
		first[k.Value] = k
	}
}
