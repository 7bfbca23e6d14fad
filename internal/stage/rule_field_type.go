package stage

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

func checkFieldTypes(r *reporter, f *File) {
	for _, p := range mapPairs(f.Front) {
		spec, ok := specFor(p[0].Value)
		if !ok {
			continue
		}
		if msg := typeProblem(spec, p[1]); msg != "" {
			r.at(f, p[1], "%s", msg)
			continue
		}
		if spec.kind == kindStringList {
			checkStringItems(r, f, spec.name, p[1])
		}
	}
}

// typeProblem describes how v fails spec's kind, or returns "".
func typeProblem(spec fieldSpec, v *yaml.Node) string {
	ok := false
	switch spec.kind {
	case kindString:
		ok = isString(v) || (spec.name == "number" && isScalar(v))
	case kindStringList, kindObjectList:
		ok = v.Kind == yaml.SequenceNode || isNull(v) // null reads as an empty list
	case kindBool:
		ok = isScalar(v) && v.Tag == "!!bool"
	case kindInt:
		ok = isScalar(v) && v.Tag == "!!int"
	case kindMap:
		ok = v.Kind == yaml.MappingNode
	}
	if ok {
		return ""
	}
	return fmt.Sprintf("%s must be %s, got %s", spec.name, spec.kind.word(), kindName(v))
}

func checkStringItems(r *reporter, f *File, name string, list *yaml.Node) {
	for i, it := range list.Content {
		if !isString(it) {
			r.at(f, it, "%s[%d] must be a string, got %s", name, i, kindName(it))
		}
	}
}

func isScalar(n *yaml.Node) bool { return n != nil && n.Kind == yaml.ScalarNode && n.Tag != "!!null" }

func isString(n *yaml.Node) bool { return isScalar(n) && n.Tag == "!!str" }

func isNull(n *yaml.Node) bool { return n != nil && n.Kind == yaml.ScalarNode && n.Tag == "!!null" }
