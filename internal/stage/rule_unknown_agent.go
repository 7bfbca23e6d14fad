package stage

import "gopkg.in/yaml.v3"

func checkAgents(r *reporter, s *Set) {
	if s.Agents == nil {
		return // no agents directory: nothing to resolve against
	}
	for _, f := range s.Files {
		if !f.Parsed() {
			continue
		}
		agentAt(r, s, f, "lead_agent", f.Get("lead_agent"))
		agentAt(r, s, f, "reviewer", f.Get("reviewer"))
		for i, it := range seqItems(f.Get("support_agents")) {
			agentAt(r, s, f, "support_agents["+itoa(i)+"]", it)
		}
	}
}

func agentAt(r *reporter, s *Set, f *File, what string, v *yaml.Node) {
	if !isString(v) || v.Value == "" || v.Value == orchestrator || s.Agents[v.Value] {
		return
	}
	r.at(f, v, "%s %q has no matching agent file %s.md in the agents directory", what, v.Value, v.Value)
}
