package rules

import (
	"strconv"
	"strings"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// RunColumns are the Evidence Verification Runs columns of §9.
var RunColumns = []string{"Verification ID", "Command", "Result", "Exit Code", "Output Ref"}

// Results are the legal verification results.
var Results = []string{"PASS", "FAIL", "NOT RUN"}

var evidenceFormat = &Rule{Rule: catalog.Must("evidence/format"),
	CheckFile: func(p *Pass) {
		if p.Head.Body == nil {
			return
		}
		sec := p.Head.Body.Section(lifecycle.SectionEvidence)
		if sec == nil || !hasContent(p.Head, sec) {
			return
		}
		t := RunsTable(sec)
		if t == nil {
			p.Report(sec.Heading.Pos, "Evidence has content but no Verification Runs table (| %s |)", strings.Join(RunColumns, " | "))
		} else {
			checkRunsTable(p, t)
		}
		for _, label := range []string{"Changed Files", "Conventions Loaded"} {
			checkLabelledList(p, sec, label)
		}
	}}

// hasContent reports whether a section holds more than HTML comments and
// the spec's "..." placeholder: a section written that way is still empty.
func hasContent(s *story.Story, sec *story.Section) bool {
	for i := range sec.Blocks {
		blk := &sec.Blocks[i]
		first := strings.TrimSpace(s.Line(blk.Pos.Line))
		switch {
		case blk.Kind == story.BlockOther && strings.HasPrefix(first, "<!--"):
		case blk.Kind == story.BlockParagraph && placeholderOnly(s, blk):
		default:
			return true
		}
	}
	return false
}

// placeholderOnly reports whether every line of a paragraph is the spec's
// "..." placeholder.
func placeholderOnly(s *story.Story, blk *story.Block) bool {
	for n := blk.Pos.Line; n <= blk.EndLine; n++ {
		if l := strings.TrimSpace(s.Line(n)); l != "..." && l != "…" {
			return false
		}
	}
	return true
}

// RunsTable returns the Evidence table whose first column is Verification ID.
func RunsTable(sec *story.Section) *story.Table {
	for _, t := range sec.Tables() {
		if len(t.Header.Cells) > 0 && strings.EqualFold(t.Header.Cells[0].Text, "Verification ID") {
			return t
		}
	}
	return nil
}

func checkRunsTable(p *Pass, t *story.Table) {
	if got := t.HeaderNames(); !equalFoldAll(got, RunColumns) {
		p.Report(t.Pos, "Verification Runs header is | %s |; §9 requires | %s |", strings.Join(got, " | "), strings.Join(RunColumns, " | "))
		return
	}
	if !t.HasDelimiter {
		p.Report(t.Pos, "Verification Runs table has no |---| delimiter row under its header")
	}
	for _, r := range t.Rows {
		checkRunRow(p, r)
	}
}

// unknownCheckID reports whether id names no verification item of a
// contract that was never reopened. It is false when the list is unusable
// (another rule reports that) or the contract was reopened: rows for items
// a human reopen removed stay in the append-only Evidence as history.
func unknownCheckID(s *story.Story, id string) bool {
	if s.Front == nil || len(s.Front.Verification.Items) == 0 || s.Front.ContractVersion.Value > 1 {
		return false
	}
	for _, c := range s.Front.Verification.Items {
		if c.ID.Value == id {
			return false
		}
	}
	return true
}

func checkRunRow(p *Pass, r story.Row) {
	if len(r.Cells) != len(RunColumns) {
		p.Report(r.Pos, "Verification Runs row has %d cells; it needs %d (%s)", len(r.Cells), len(RunColumns), strings.Join(RunColumns, ", "))
		return
	}
	switch id := story.Clean(r.Cells[0].Text); {
	case id == "":
		p.Report(r.Cells[0].Pos, "Verification Runs row has no Verification ID")
	case unknownCheckID(p.Head, id):
		p.Report(r.Cells[0].Pos, "Verification Runs row is for %s, which is not a verification item of this story", id)
	}
	result := NormalizeResult(r.Cells[2].Text)
	if !oneOf(Results, result) {
		p.Report(r.Cells[2].Pos, "result %q is not one of %s", r.Cells[2].Text, plainList(Results))
	}
	code := story.Clean(r.Cells[3].Text)
	if _, err := strconv.Atoi(code); err != nil && !(result == "NOT RUN" && isBlankMark(code)) {
		p.Report(r.Cells[3].Pos, "exit code %q is not an integer", code)
	}
}

// NormalizeResult upper-cases a result cell and strips decoration.
func NormalizeResult(s string) string {
	return strings.Join(strings.Fields(strings.ToUpper(strings.Trim(story.Clean(s), "*_"))), " ")
}

func isBlankMark(s string) bool {
	return s == "" || s == "-" || s == "—" || strings.EqualFold(s, "n/a")
}

func equalFoldAll(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}

// checkLabelledList requires that a Changed Files / Conventions Loaded label,
// when present, is followed by a list.
func checkLabelledList(p *Pass, sec *story.Section, label string) {
	for i, blk := range sec.Blocks {
		if !blockIsLabel(blk, label) {
			continue
		}
		next := i + 1
		if next >= len(sec.Blocks) || sec.Blocks[next].Kind != story.BlockList {
			p.Report(blk.Pos, "Evidence part %q must be followed by a list of %s", label, listNoun(label))
		}
	}
}

func blockIsLabel(blk story.Block, label string) bool {
	switch blk.Kind {
	case story.BlockHeading:
		return story.SameName(blk.Text, label)
	case story.BlockParagraph:
		return len(blk.Lines) == 1 && isLabel(blk.Lines[0].Text, label)
	}
	return false
}

func listNoun(label string) string {
	if label == "Changed Files" {
		return "file paths"
	}
	return "convention references (path#section)"
}
