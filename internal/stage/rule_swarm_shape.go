package stage

// checkSwarmShape warns as the reference compiler does: only on the
// per-unit build stage, the one that writes code (workspace_requires:
// true). An inline per-unit design stage is a legitimate shape that never
// was on the swarm path.
func checkSwarmShape(r *reporter, f *File) {
	fe, mode := f.Get("for_each"), f.Get("mode")
	if !isString(fe) || fe.Value != "unit-of-work" || !isString(mode) || mode.Value == "subagent" {
		return
	}
	if builds, ok := boolValue(f.Get("workspace_requires")); !ok || !builds {
		return
	}
	r.at(f, mode, "for_each: unit-of-work with mode %q is off the autonomous swarm path, which fires only on mode subagent", mode.Value)
}
