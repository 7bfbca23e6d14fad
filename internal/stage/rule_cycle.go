package stage

import (
	"strings"

	"github.com/storygate/storygate/internal/diag"
)

func init() {
	register(Rule{ID: "stage/cycle", Severity: diag.SeverityError,
		Summary: "requires_stage edges form no cycle (the message names the cycle)",
		set:     checkCycles})
}

func checkCycles(r *reporter, s *Set) {
	by := s.BySlug()
	for _, c := range cycles(depGraph(s)) {
		st := by[c[0]]
		r.at(st.File, requiresItem(st.File, c[1]), "requires_stage cycle: %s", strings.Join(c, " -> "))
	}
}
