package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
)

var sectionOrder = &Rule{Rule: catalog.Must("structure/section-order"),
	CheckFile: func(p *Pass) {
		if p.Head.Body == nil {
			return
		}
		last := -1
		seen := make([]bool, len(lifecycle.RequiredSections)) // a duplicate is another rule's finding
		for _, sec := range p.Head.Body.Sections {
			idx := sec.Required
			if idx < 0 || seen[idx] {
				continue
			}
			seen[idx] = true
			if idx < last {
				p.Report(sec.Heading.Pos, "section \"## %s\" should come before \"## %s\" (spec order: Goal, Non-Goals, Constraints, Acceptance Criteria, Verification Contract, Context Scope, Planner Output, Generator Iterations, Evaluator Results, Human Decisions, Evidence, Transition Log)",
					lifecycle.RequiredSections[idx], lifecycle.RequiredSections[last])
				continue
			}
			last = idx
		}
	}}
