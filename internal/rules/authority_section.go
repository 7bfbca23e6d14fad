package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
)

var sectionAuthority = &Rule{ID: "authority/section", Need: NeedBase, Spec: "§4",
	Summary: "a change appends to a role's section only when that role held the turn during the change (per `active_role` at base and the new log rows)",
	CheckFile: func(p *Pass) {
		if p.Base == nil || p.Base.Body == nil || p.Head.Body == nil {
			return
		}
		holders := turnHolders(p.Unit)
		for _, section := range appendOnlySections {
			owner := lifecycle.SectionOwner[section]
			if holders[owner] {
				continue
			}
			baseCount := len(p.Base.MustEntries(section))
			if head := p.Head.MustEntries(section); len(head) > baseCount {
				e := head[baseCount]
				p.Report(e.Heading.Pos, "\"### %s\" was added to \"## %s\", which only the %s may write, but the %s did not hold the turn in this change (turns: %s)", e.Heading.Text, section, owner, owner, plainList(sortedKeys(holders)))
			}
		}
		checkEvidenceAuthority(p, holders)
	}}

// checkEvidenceAuthority flags Evidence growing while the evaluator had no turn.
func checkEvidenceAuthority(p *Pass, holders map[string]bool) {
	if holders[lifecycle.Evaluator] {
		return
	}
	bs, hs := p.Base.Body.Section(lifecycle.SectionEvidence), p.Head.Body.Section(lifecycle.SectionEvidence)
	if hs == nil {
		return
	}
	if bs == nil || p.Base.SectionText(bs) != p.Head.SectionText(hs) {
		p.Report(hs.Heading.Pos, "\"## Evidence\" changed, which only the evaluator may write, but the evaluator did not hold the turn in this change (turns: %s)", plainList(sortedKeys(holders)))
	}
}
