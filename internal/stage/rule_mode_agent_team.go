package stage

func checkAgentTeam(r *reporter, f *File) {
	if v := f.Get("mode"); isString(v) && v.Value == "agent-team" {
		r.at(f, v, "mode agent-team not yet implemented; use mob for mesh collaboration")
	}
}
