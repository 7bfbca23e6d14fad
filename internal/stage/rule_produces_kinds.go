package stage

import "gopkg.in/yaml.v3"

func checkProducesKinds(r *reporter, f *File) {
	st := decodeStage(f)
	for _, p := range mapPairs(f.Get("produces_kinds")) {
		name := p[0].Value
		if !contains(st.Produces, name) && !contains(st.OptionalProduces, name) {
			r.at(f, p[0], "produces_kinds key %q is not in produces or optional_produces", name)
		}
		checkKindList(r, f, name, p[1])
	}
}

func checkKindList(r *reporter, f *File, name string, v *yaml.Node) {
	items := seqItems(v)
	if len(items) == 0 {
		r.at(f, v, "produces_kinds.%s must be a non-empty list of unit kinds (%s)", name, oneOf(unitKinds))
		return
	}
	for _, it := range items {
		if !isString(it) || !contains(unitKinds, it.Value) {
			r.at(f, it, "produces_kinds.%s lists unknown kind %q; legal kinds: %s", name, it.Value, oneOf(unitKinds))
		}
	}
}
