package stage

import "github.com/storygate/storygate/internal/diag"

func init() {
	register(Rule{ID: "stage/swarm-shape", Severity: diag.SeverityWarning,
		Summary: "a for_each: unit-of-work stage with a mode other than subagent is off the swarm path (warning)",
		file:    checkSwarmShape})
}

func checkSwarmShape(r *reporter, f *File) {
	fe, mode := f.Get("for_each"), f.Get("mode")
	if !isString(fe) || fe.Value != "unit-of-work" || !isString(mode) || mode.Value == "subagent" {
		return
	}
	r.at(f, mode, "for_each: unit-of-work with mode %q is off the autonomous swarm path, which fires only on mode subagent", mode.Value)
}
