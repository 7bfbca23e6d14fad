package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// checkToolFindings holds an evaluation's Tool Findings table to the §8
// form, as evidence/format holds the Evidence Verification Runs: Verification
// ID and Result columns, every row as wide as the header, results PASS,
// FAIL or NOT RUN, and IDs from the contract (while it was never reopened).
// An evaluation without the part or its table is not reported: §8 lists
// the parts, and an evaluation may have nothing to find.
func checkToolFindings(p *Pass, e story.NumberedEntry) {
	if e.Kind.Section != lifecycle.SectionEvaluator {
		return
	}
	part := e.Part("Tool Findings")
	if part == nil {
		return
	}
	t := story.FirstTable(part.Blocks)
	if t == nil {
		return
	}
	idCol, resCol := t.Column("Verification ID"), t.Column("Result")
	if idCol < 0 || resCol < 0 {
		p.Report(t.Pos, "%s: Tool Findings needs Verification ID and Result columns (| Verification ID | Command | Result | Output Ref |, §8)", entryName(e))
		return
	}
	for _, r := range t.Rows {
		checkFindingRow(p, e, r, len(t.Header.Cells), idCol, resCol)
	}
}

func checkFindingRow(p *Pass, e story.NumberedEntry, r story.Row, width, idCol, resCol int) {
	if len(r.Cells) != width {
		p.Report(r.Pos, "%s: Tool Findings row has %d cells; its header has %d", entryName(e), len(r.Cells), width)
		return
	}
	// An empty result is a missing one: acceptance/evidence judges that
	// where it matters (an ACCEPTED evaluation).
	if res := r.Cell(resCol); NormalizeResult(res.Text) != "" && !oneOf(Results, NormalizeResult(res.Text)) {
		p.Report(res.Pos, "%s: result %q is not one of %s", entryName(e), res.Text, plainList(Results))
	}
	if id := story.Clean(r.Cell(idCol).Text); id != "" && unknownCheckID(p.Head, id) {
		p.Report(r.Cell(idCol).Pos, "%s: Tool Findings row is for %s, which is not a verification item of this story", entryName(e), id)
	}
}
