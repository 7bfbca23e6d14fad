package stage

// checkForEachProducers reports a for_each no other stage upstream
// produces; while a stage file does not parse, its producers are unknown,
// so nothing is reported (stage/not-checked names what was left undecided).
func checkForEachProducers(r *reporter, s *Set) {
	if len(s.unparsed()) > 0 {
		return
	}
	prod := producers(s)
	g := depGraph(s)
	for _, st := range uniqueStages(s) {
		if st.ForEach == "" || !isKebab(st.ForEach) {
			continue
		}
		if msg := forEachProblem(st, prod[st.ForEach], descendants(g, st.Slug)); msg != "" {
			r.at(st.File, st.File.Get("for_each"), "%s", msg)
		}
	}
}

func forEachProblem(st *Stage, makers []string, downstream map[string]bool) string {
	var others []string
	for _, m := range makers {
		if m != st.Slug {
			others = append(others, m)
		}
	}
	if len(others) == 0 {
		return "for_each names " + quoted(st.ForEach) + ", which no other stage produces"
	}
	for _, m := range others {
		if !downstream[m] {
			return ""
		}
	}
	return "for_each names " + quoted(st.ForEach) + ", but only stages downstream of " + quoted(st.Slug) + " produce it"
}
