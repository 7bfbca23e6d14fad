package rules

import "github.com/storygate/storygate/internal/diag"

var sectionOrder = &Rule{ID: "structure/section-order", Need: NeedFile, Spec: "§7", Severity: diag.SeverityWarning,
	Summary: "required sections appear in the spec's order",
	CheckFile: func(p *Pass) {
		if p.Head.Body == nil {
			return
		}
		lastIdx, lastName := -1, ""
		seen := map[string]bool{}
		for _, sec := range p.Head.Body.Sections {
			name, ok := requiredName(sec.Name)
			if !ok || seen[name] {
				continue
			}
			seen[name] = true
			idx := requiredIndex(name)
			if idx < lastIdx {
				p.Report(sec.Heading.Pos, "section \"## %s\" should come before \"## %s\" (spec order: Goal, Non-Goals, Constraints, Acceptance Criteria, Verification Contract, Context Scope, Planner Output, Generator Iterations, Evaluator Results, Human Decisions, Evidence, Transition Log)", name, lastName)
				continue
			}
			lastIdx, lastName = idx, name
		}
	}}
