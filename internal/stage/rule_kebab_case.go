package stage

import "gopkg.in/yaml.v3"

func checkKebabCase(r *reporter, f *File) {
	for _, name := range []string{"slug", "for_each"} {
		kebabAt(r, f, name, f.Get(name))
	}
	for _, name := range []string{"produces", "optional_produces"} {
		for i, it := range seqItems(f.Get(name)) {
			kebabAt(r, f, name+"["+itoa(i)+"]", it)
		}
	}
	for i, e := range seqItems(f.Get("consumes")) {
		_, v := mapLookup(e, "artifact")
		kebabAt(r, f, "consumes["+itoa(i)+"].artifact", v)
	}
}

func kebabAt(r *reporter, f *File, what string, v *yaml.Node) {
	if isString(v) && !isKebab(v.Value) {
		r.at(f, v, "%s must be kebab-case (^[a-z][a-z0-9-]*$), got %q", what, v.Value)
	}
}
