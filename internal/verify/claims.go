package verify

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// The results a story may record for a verification item (§8, §9).
const (
	ClaimPass   = "PASS"
	ClaimFail   = "FAIL"
	ClaimNotRun = "NOT RUN"
)

// Claim is one recorded result: a row of the Evidence Verification Runs
// table or of the latest evaluation's Tool Findings.
type Claim struct {
	// Result is the Result cell, upper-cased (PASS, FAIL, NOT RUN, or other text).
	Result string `json:"result"`
	// ExitCode is the Exit Code cell when the table has one.
	ExitCode string `json:"exit_code,omitempty"`
	// Where names the table, e.g. "Evidence" or "Evaluation 2 Tool Findings".
	Where string `json:"where"`
	// Pos is the Result cell's position, where a mismatch is reported.
	Pos diag.Pos `json:"-"`
}

// evidenceClaims reads the Evidence section's verification tables. When an
// ID appears in several rows the last one wins: rows are appended, so the
// last is the latest claim.
func evidenceClaims(s *story.Story) map[string]*Claim {
	out := map[string]*Claim{}
	if s.Body == nil {
		return out
	}
	sec := s.Body.Section(lifecycle.SectionEvidence)
	if sec == nil {
		return out
	}
	for _, t := range sec.Tables() {
		addClaims(out, t, lifecycle.SectionEvidence)
	}
	return out
}

// toolFindingClaims reads the Tool Findings of the latest evaluation only:
// earlier evaluations judged earlier code.
func toolFindingClaims(s *story.Story) map[string]*Claim {
	out := map[string]*Claim{}
	entries := s.MustEntries(lifecycle.SectionEvaluator)
	if len(entries) == 0 {
		return out
	}
	latest := entries[len(entries)-1]
	part := latest.Part("Tool Findings")
	if part == nil {
		return out
	}
	if t := story.FirstTable(part.Blocks); t != nil {
		addClaims(out, t, fmt.Sprintf("%s Tool Findings", latest.Heading.Text))
	}
	return out
}

// addClaims records each row of a table that has Verification ID and Result
// columns; other tables (Changed Files lists turned into tables...) are skipped.
func addClaims(out map[string]*Claim, t *story.Table, where string) {
	idCol, resCol, exitCol := t.Column("Verification ID"), t.Column("Result"), t.Column("Exit Code")
	if idCol < 0 || resCol < 0 {
		return
	}
	for _, row := range t.Rows {
		id := story.Clean(row.Cell(idCol).Text)
		if id == "" {
			continue
		}
		res := row.Cell(resCol)
		c := &Claim{Result: normalizeResult(res.Text), Where: where, Pos: res.Pos}
		if exitCol >= 0 {
			c.ExitCode = story.Clean(row.Cell(exitCol).Text)
		}
		out[id] = c
	}
}

// normalizeResult upper-cases a Result cell and strips emphasis, so that
// `PASS`, **pass** and "Not run" compare equal to the spec's words.
func normalizeResult(cell string) string {
	s := strings.Trim(story.Clean(cell), "*_ ")
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "_", " ")), " ")
	return strings.ToUpper(s)
}
