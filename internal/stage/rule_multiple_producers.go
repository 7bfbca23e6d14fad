package stage

import "strings"

func checkMultipleProducers(r *reporter, s *Set) {
	consumed := map[string]bool{}
	for _, st := range s.Stages() {
		for _, c := range st.Consumes {
			consumed[c.Artifact] = true
		}
	}
	prod := producers(s)
	by := s.BySlug()
	for _, art := range sortedKeys(prod) {
		if !consumed[art] || len(prod[art]) < 2 {
			continue
		}
		for _, slug := range prod[art] {
			others := strings.Join(without(prod[art], slug), ", ")
			r.at(by[slug].File, producesItem(by[slug].File, art), "artifact %q is also produced by %s; a consumed artifact must have exactly one producer", art, others)
		}
	}
}

func without(list []string, drop string) []string {
	var out []string
	for _, v := range list {
		if v != drop {
			out = append(out, v)
		}
	}
	return out
}
