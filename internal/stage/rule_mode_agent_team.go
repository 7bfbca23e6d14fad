package stage

import "github.com/storygate/storygate/internal/diag"

func init() {
	register(Rule{ID: "stage/mode-agent-team", Severity: diag.SeverityError,
		Summary: "no stage declares the reserved mode agent-team",
		file:    checkAgentTeam})
}

func checkAgentTeam(r *reporter, f *File) {
	if v := f.Get("mode"); isString(v) && v.Value == "agent-team" {
		r.at(f, v, "mode agent-team not yet implemented; use mob for mesh collaboration")
	}
}
