package stage

import "github.com/storygate/storygate/internal/diag"

func init() {
	register(Rule{ID: "stage/unknown-stage", Severity: diag.SeverityError,
		Summary: "every requires_stage entry names a stage of the set",
		set:     checkUnknownStages})
}

func checkUnknownStages(r *reporter, s *Set) {
	known := s.BySlug()
	for _, st := range s.Stages() {
		for _, it := range seqItems(st.File.Get("requires_stage")) {
			if isString(it) && known[it.Value] == nil {
				r.at(st.File, it, "requires_stage names unknown stage %q", it.Value)
			}
		}
	}
}
