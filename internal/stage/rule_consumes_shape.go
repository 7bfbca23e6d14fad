package stage

import (
	"strings"

	"gopkg.in/yaml.v3"
)

func checkConsumesShape(r *reporter, f *File) {
	for i, e := range seqItems(f.Get("consumes")) {
		if e.Kind != yaml.MappingNode {
			r.at(f, e, "consumes[%d] must be a mapping {artifact, required}, got %s", i, kindName(e))
			continue
		}
		checkConsumeKeys(r, f, i, e)
		checkConsumeField(r, f, i, e, "artifact", true, isString, "a string")
		checkConsumeField(r, f, i, e, "required", true, isBool, "a boolean")
		checkConsumeField(r, f, i, e, "conditional_on", false, isString, "a string")
		checkConsumeField(r, f, i, e, "cited", false, isBool, "a boolean")
	}
}

func checkConsumeKeys(r *reporter, f *File, i int, e *yaml.Node) {
	for j := 0; j < len(e.Content); j += 2 {
		if k := e.Content[j]; !contains(consumeEntryKeys, k.Value) {
			r.at(f, k, "consumes[%d] has unknown key %q; legal keys: %s", i, k.Value, strings.Join(consumeEntryKeys, ", "))
		}
	}
}

func checkConsumeField(r *reporter, f *File, i int, e *yaml.Node, key string, required bool, ok func(*yaml.Node) bool, want string) {
	_, v := mapLookup(e, key)
	switch {
	case v == nil && required:
		r.at(f, e, "consumes[%d] is missing %s", i, key)
	case v != nil && !ok(v):
		r.at(f, v, "consumes[%d].%s must be %s, got %s", i, key, want, kindName(v))
	}
}

func isBool(n *yaml.Node) bool { return isScalar(n) && n.Tag == "!!bool" }
