package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var sectionAuthority = &Rule{Rule: catalog.Must("authority/section"),
	CheckFile: func(p *Pass) {
		if p.Base == nil || p.Base.Body == nil || p.Head.Body == nil {
			return
		}
		holders := turnHolders(p.Unit)
		for _, section := range appendOnlySections {
			owner, _ := lifecycle.OwnerOf(section)
			if holders[owner] || p.Base.SameSectionAs(p.Head, section) {
				continue
			}
			base, head := p.Base.MustEntries(section), p.Head.MustEntries(section)
			if len(head) > len(base) {
				e := head[firstNewEntry(headings(base), headings(head))]
				p.Report(e.Heading.Pos, "\"### %s\" was added to \"## %s\", which only the %s may write, but the %s did not hold the turn in this change (turns: %s)", e.Heading.Text, section, owner, owner, plainList(sortedKeys(holders)))
			}
		}
		checkEvidenceAuthority(p, holders)
	}}

// headings returns the heading text of each entry.
func headings(es []story.NumberedEntry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Heading.Text
	}
	return out
}

// firstNewEntry returns the index of the first head heading that the base
// does not account for (an entry inserted before older ones is the new one,
// not the older one it pushed down); the first past the base's count when
// every heading matches.
func firstNewEntry(base, head []string) int {
	left := map[string]int{}
	for _, h := range base {
		left[h]++
	}
	for i, h := range head {
		if left[h] == 0 {
			return i
		}
		left[h]--
	}
	return len(base)
}

// checkEvidenceAuthority flags Evidence growing while the evaluator had no turn.
func checkEvidenceAuthority(p *Pass, holders map[lifecycle.Role]bool) {
	if holders[lifecycle.Evaluator] {
		return
	}
	bs, hs := p.Base.Body.Section(lifecycle.SectionEvidence), p.Head.Body.Section(lifecycle.SectionEvidence)
	if hs == nil {
		return
	}
	// Only added lines are this rule's: an edited or removed line is
	// authority/append-only's finding, as for role entries.
	if bs != nil && p.Base.SameSectionText(bs, p.Head, hs) {
		return
	}
	if bs == nil || len(nonBlank(p.Head.SectionText(hs))) > len(nonBlank(p.Base.SectionText(bs))) {
		p.Report(hs.Heading.Pos, "\"## Evidence\" gained lines, which only the evaluator may write, but the evaluator did not hold the turn in this change (turns: %s)", plainList(sortedKeys(holders)))
	}
}
