package story

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTablesWithAndWithoutOuterPipes(t *testing.T) {
	src := "---\nid: X\n---\n## Transition Log\nIntro text\n" +
		"Time | Actor | Event | From | To | Note\n---|---|---|---|---|---\n" +
		"2026-05-27T00:30:00Z | orchestrator | begin_planning | seeded | planning |\n" +
		"2026-05-27T01:00:00Z | planner | `a \\| b` | planning | plan_review | x\n" +
		"\n| A | B |\n|---|:-:|\n| `x | y` | 2 |\n"
	s := Parse("x.md", []byte(src))
	rows, table := s.Log()
	if table == nil || !table.HasDelimiter || len(rows) != 2 {
		t.Fatalf("log table %+v rows %d", table, len(rows))
	}
	got := []string{Clean(rows[0].Event.Text), Clean(rows[1].Event.Text), Clean(rows[1].Note.Text)}
	if diff := cmp.Diff([]string{"begin_planning", "a | b", "x"}, got); diff != "" {
		t.Error(diff)
	}
	if rows[1].From.Pos != (Pos{Line: 9, Column: 45}) {
		t.Errorf("From cell at %+v", rows[1].From.Pos)
	}
	tables := s.Body.Section("Transition Log").Tables()
	if len(tables) != 2 || tables[1].Rows[0].Cell(0).Text != "`x | y`" || tables[1].Rows[0].Cell(1).Text != "2" {
		t.Errorf("second table: %+v", tables[len(tables)-1])
	}
	if first := s.Body.Section("Transition Log").Blocks[0]; first.Kind != BlockParagraph || first.Lines[0].Text != "Intro text" {
		t.Errorf("the text before the table is %+v", first)
	}
}
