package stage

// checkMissingProducers reports required consumes no stage produces. While a
// stage file does not parse, what it produces is unknown, so nothing is
// reported (stage/not-checked names the artifacts left undecided).
func checkMissingProducers(r *reporter, s *Set) {
	if len(s.unparsed()) > 0 {
		return
	}
	prod := producers(s)
	for _, st := range s.Stages() {
		for i, c := range st.Consumes {
			if c.Required && c.Artifact != "" && len(prod[c.Artifact]) == 0 {
				_, v := mapLookup(c.node, "artifact")
				r.at(st.File, v, "consumes[%d] requires artifact %q, but no stage lists it in produces or optional_produces", i, c.Artifact)
			}
		}
	}
}
