package stage

import "github.com/storygate/storygate/internal/diag"

func init() {
	register(Rule{ID: "stage/mode-needs-supports", Severity: diag.SeverityError,
		Summary: "mode pipeline and mode mob have a non-empty support_agents",
		file:    checkEnsembleSupports})
}

func checkEnsembleSupports(r *reporter, f *File) {
	v := f.Get("mode")
	if !isString(v) || (v.Value != "pipeline" && v.Value != "mob") {
		return
	}
	if len(seqItems(f.Get("support_agents"))) == 0 {
		r.at(f, v, "mode %q requires a non-empty support_agents", v.Value)
	}
}
