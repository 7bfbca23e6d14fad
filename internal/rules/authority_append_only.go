package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// appendOnlySections are the role-output sections whose entries never change.
var appendOnlySections = []string{lifecycle.SectionPlanner, lifecycle.SectionGenerator, lifecycle.SectionEvaluator, lifecycle.SectionDecisions}

var appendOnly = &Rule{Rule: catalog.Must("authority/append-only"),
	CheckSet: deletedStories,
	CheckFile: func(p *Pass) {
		b, h := p.Base, p.Head
		if b == nil || b.Body == nil || h.Body == nil {
			return
		}
		for _, sec := range appendOnlySections {
			compareEntries(p, sec)
		}
		compareEvidence(p)
		compareLog(p)
	}}

func compareEntries(p *Pass, section string) {
	if p.Base.SameSectionAs(p.Head, section) {
		return
	}
	head := p.Head.MustEntries(section)
	for i, be := range p.Base.MustEntries(section) {
		if i >= len(head) {
			p.Report(sectionPos(p.Head, section), "entry \"### %s\" of \"## %s\" was removed; role outputs are append-only", be.Heading.Text, section)
			continue
		}
		he := head[i]
		switch {
		case p.Base.SameEntryText(be.Entry, p.Head, he.Entry):
		case ticksOnly(p.Unit, be, he) && (p.HumanOnly() || p.Head.Front == nil):
			// A human moving the story (closing it) ticks the boxes of a
			// role's list, such as the evaluator's Actionable Feedback:
			// the entry's words stay the role's. Whether a story whose
			// frontmatter does not parse was a human's to move cannot be
			// told: structure/not-checked says the ticks were not judged.
		case he.Heading.Text != be.Heading.Text:
			p.Report(he.Heading.Pos, "\"### %s\" stands where entry \"### %s\" of \"## %s\" was; role outputs are append-only (new entries go after the existing ones)", he.Heading.Text, be.Heading.Text, section)
		default:
			p.Report(he.Heading.Pos, "entry \"### %s\" of \"## %s\" was edited; role outputs are append-only (add a new entry instead)", be.Heading.Text, section)
		}
	}
}

// ticksOnly reports whether entry he of u's head is entry be of its base
// with only task-list boxes ticked or cleared.
func ticksOnly(u Unit, be, he story.NumberedEntry) bool {
	return he.Heading.Text == be.Heading.Text && untick(u.Base.EntryText(be.Entry)) == untick(u.Head.EntryText(he.Entry))
}

// tickedEntries reports whether some role entry of u differs from its base
// only in ticked boxes: authority/append-only takes that for a human's
// closure only when the head's frontmatter says who moved the story.
func tickedEntries(u Unit) bool {
	if u.Base == nil || u.Base.Body == nil || u.Head.Body == nil {
		return false
	}
	for _, sec := range appendOnlySections {
		if u.Base.SameSectionAs(u.Head, sec) {
			continue
		}
		head := u.Head.MustEntries(sec)
		for i, be := range u.Base.MustEntries(sec) {
			if i < len(head) && !u.Base.SameEntryText(be.Entry, u.Head, head[i].Entry) && ticksOnly(u, be, head[i]) {
				return true
			}
		}
	}
	return false
}

// untick clears the mark of every task-list item ("- [x] …" reads as
// "- [ ] …"), so two versions of an entry differing only in ticked boxes
// compare equal.
func untick(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		t := strings.TrimLeft(l, " \t")
		indent := l[:len(l)-len(t)]
		for _, bullet := range []string{"- ", "* ", "+ "} {
			if rest, ok := strings.CutPrefix(t, bullet); ok && (strings.HasPrefix(rest, "[x]") || strings.HasPrefix(rest, "[X]")) {
				lines[i] = indent + bullet + "[ ]" + rest[3:]
			}
		}
	}
	return strings.Join(lines, "\n")
}

func sectionPos(s *story.Story, name string) story.Pos {
	if sec := s.Body.Section(name); sec != nil {
		return sec.Heading.Pos
	}
	return story.Pos{Line: 1, Column: 1}
}

// compareEvidence requires every line of the base Evidence to survive, in
// order: rows and items may be appended anywhere, nothing rewritten.
func compareEvidence(p *Pass) {
	bs, hs := p.Base.Body.Section(lifecycle.SectionEvidence), p.Head.Body.Section(lifecycle.SectionEvidence)
	if bs == nil || hs != nil && p.Base.SameSectionText(bs, p.Head, hs) {
		return
	}
	headLines := []string{}
	if hs != nil {
		headLines = nonBlank(p.Head.SectionText(hs))
	}
	j := 0
	for _, line := range nonBlank(p.Base.SectionText(bs)) {
		for j < len(headLines) && headLines[j] != line {
			j++
		}
		if j == len(headLines) {
			p.Report(sectionPos(p.Head, lifecycle.SectionEvidence), "Evidence line %q was edited or removed; Evidence is append-only", line)
			return
		}
		j++
	}
}

func nonBlank(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) != "" && !isTableDelimiter(l) {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return out
}

func isTableDelimiter(l string) bool {
	t := strings.TrimSpace(l)
	return strings.HasPrefix(t, "|") && strings.Trim(t, "|-: ") == ""
}

func compareLog(p *Pass) {
	base, _ := p.Base.Log()
	head, _ := p.Head.Log()
	for i, br := range base {
		if i >= len(head) {
			p.Report(sectionPos(p.Head, lifecycle.SectionLog), "Transition Log row %d (%s) was removed; the log is append-only", i+1, rowSummary(br))
			return
		}
		if !sameCells(br, head[i]) && rowSummary(br) != rowSummary(head[i]) {
			p.Report(head[i].Pos, "Transition Log row %d was rewritten or removed (was %s); the log is append-only", i+1, rowSummary(br))
			return
		}
	}
}

// sameCells reports whether two rows have the same text in every cell:
// then their summaries are the same, found without building them.
func sameCells(a, b story.LogRow) bool {
	return a.Time.Text == b.Time.Text && a.Actor.Text == b.Actor.Text && a.Event.Text == b.Event.Text &&
		a.From.Text == b.From.Text && a.To.Text == b.To.Text && a.Note.Text == b.Note.Text
}

func rowSummary(r story.LogRow) string {
	cells := []story.Cell{r.Time, r.Actor, r.Event, r.From, r.To, r.Note}
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = story.Clean(c.Text)
	}
	return strings.Join(parts, " | ")
}
