package stage

func checkPipelineUnique(r *reporter, f *File) {
	if v := f.Get("mode"); !isString(v) || v.Value != "pipeline" {
		return
	}
	seen := map[string]string{}
	if lead := f.Get("lead_agent"); isString(lead) {
		seen[lead.Value] = "lead_agent"
	}
	for i, it := range seqItems(f.Get("support_agents")) {
		if !isString(it) {
			continue
		}
		if where, dup := seen[it.Value]; dup {
			r.at(f, it, "support_agents[%d] %q repeats %s; every agent in a pipeline chain must be unique", i, it.Value, where)
			continue
		}
		seen[it.Value] = "support_agents[" + itoa(i) + "]"
	}
}
