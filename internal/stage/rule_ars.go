package stage

import (
	"strings"

	"gopkg.in/yaml.v3"
)

func checkArs(r *reporter, f *File) {
	ars := f.Get("ars")
	if ars == nil || ars.Kind != yaml.MappingNode {
		return // absent, or not a mapping (stage/field-type)
	}
	for _, p := range mapPairs(ars) {
		if !contains(arsKeys, p[0].Value) {
			r.at(f, p[0], "ars has unknown key %q; legal keys: %s", p[0].Value, strings.Join(arsKeys, ", "))
		}
	}
	checkArsTargets(r, f, ars)
	checkArsCost(r, f, ars)
	checkArsRole(r, f, ars)
	checkArsProjectTypes(r, f, ars)
}

func checkArsTargets(r *reporter, f *File, ars *yaml.Node) {
	_, v := mapLookup(ars, "targets")
	if v == nil {
		r.at(f, ars, "ars is missing targets (write targets: [] for none)")
		return
	}
	checkArsList(r, f, "targets", v, arsTargets, true)
}

func checkArsCost(r *reporter, f *File, ars *yaml.Node) {
	_, v := mapLookup(ars, "cost")
	if v == nil {
		r.at(f, ars, "ars is missing cost (an integer 1..5, or null)")
		return
	}
	if isNull(v) {
		return
	}
	if n, ok := intValue(v); !ok || n < 1 || n > 5 {
		r.at(f, v, "ars.cost must be an integer 1..5 or null, got %s", describeValue(v))
	}
}

func checkArsRole(r *reporter, f *File, ars *yaml.Node) {
	if _, v := mapLookup(ars, "role"); v != nil && !(isString(v) && contains(arsRoles, v.Value)) {
		r.at(f, v, "ars.role must be one of %s, got %s", oneOf(arsRoles), describeValue(v))
	}
}

func checkArsProjectTypes(r *reporter, f *File, ars *yaml.Node) {
	_, v := mapLookup(ars, "project_types")
	if v == nil {
		return
	}
	if len(seqItems(v)) == 0 {
		r.at(f, v, "ars.project_types must be a non-empty list of %s", oneOf(projectTypes))
		return
	}
	checkArsList(r, f, "project_types", v, projectTypes, false)
}

func checkArsList(r *reporter, f *File, name string, v *yaml.Node, legal []string, emptyOK bool) {
	if v.Kind != yaml.SequenceNode {
		r.at(f, v, "ars.%s must be a list, got %s", name, kindName(v))
		return
	}
	for _, it := range v.Content {
		if !isString(it) || !contains(legal, it.Value) {
			r.at(f, it, "ars.%s lists unknown value %s; legal: %s", name, describeValue(it), oneOf(legal))
		}
	}
}

// describeValue renders a scalar's text in quotes, or names another shape.
func describeValue(v *yaml.Node) string {
	if isScalar(v) {
		return quoted(v.Value)
	}
	return kindName(v)
}
