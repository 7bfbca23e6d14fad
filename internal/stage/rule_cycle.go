package stage

import "strings"

func checkCycles(r *reporter, s *Set) {
	by := s.BySlug()
	for _, c := range cycles(depGraph(s)) {
		st := by[c[0]]
		r.at(st.File, requiresItem(st.File, c[1]), "requires_stage cycle: %s", strings.Join(c, " -> "))
	}
}
