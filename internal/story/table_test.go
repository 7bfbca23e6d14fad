package story

import (
	"strconv"
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

// TestCellPositions pins where a cell is: its first non-blank character,
// an empty cell's start (just after its opening pipe), and for a missing
// cell the row's closing pipe, or the column past its end without one.
func TestCellPositions(t *testing.T) {
	src := "---\nid: X\n---\n## T\n| A | B | C |\n|---|---|---|\n| ab |  | c |\n| x | y |\n| x | y\n"
	s := Parse("x.md", []byte(src))
	tables := s.Body.Section("T").Tables()
	if len(tables) != 1 || len(tables[0].Rows) != 3 {
		t.Fatalf("tables %+v", tables)
	}
	rows := tables[0].Rows
	got := []Pos{rows[0].Cell(0).Pos, rows[0].Cell(1).Pos, rows[0].Cell(2).Pos, rows[1].Cell(2).Pos, rows[2].Cell(2).Pos, rows[2].Cell(-1).Pos}
	want := []Pos{{Line: 7, Column: 3}, {Line: 7, Column: 7}, {Line: 7, Column: 11}, {Line: 8, Column: 9}, {Line: 9, Column: 8}, {Line: 9, Column: 8}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestLogRowsOutsideTheTable pins which lines are log rows: the log
// table's, a run of rows a blank line cut off (a headerless run's first line
// is a row), a second table with the log header, but not a table with
// another header; each row keeps its cell count.
func TestLogRowsOutsideTheTable(t *testing.T) {
	src := "---\nid: X\n---\n## Transition Log\n" +
		"| Time | Actor | Event | From | To | Note |\n|---|---|---|---|---|---|\n" +
		"| t1 | orchestrator | begin_planning | seeded | planning | |\n" +
		"\n| t2 | planner | submit_plan | planning | plan_review |\n| t3 | human | approve_plan | plan_review | ready | |\n" +
		"\n| A | B |\n|---|---|\n| a | b |\n" +
		"\n| time | actor | event | from | to | note |\n|---|---|---|---|---|---|\n| t4 | orchestrator | start_generation | ready | generating | |\n"
	s := Parse("x.md", []byte(src))
	rows, table := s.Log()
	if table == nil || table.Pos.Line != 5 {
		t.Fatalf("log table %+v", table)
	}
	var got []string
	for _, r := range rows {
		got = append(got, Clean(r.Time.Text)+"/"+Token(r.To.Text)+"/"+strconv.Itoa(r.Cells))
	}
	want := []string{"t1/planning/6", "t2/plan_review/5", "t3/ready/6", "t4/generating/6"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
	if rows[1].WellFormed() || !rows[2].WellFormed() {
		t.Errorf("well formed: %v %v", rows[1].WellFormed(), rows[2].WellFormed())
	}
}

// TestCellSplitting pins where a row splits: as in GFM a pipe right after a
// backslash never splits, however many backslashes precede it, and reads
// back without that backslash; a code span (a backtick run closed by a run
// as long) keeps its pipes; a run nothing closes, or an escaped backtick,
// is literal.
func TestCellSplitting(t *testing.T) {
	cases := []struct {
		row  string
		want []string
	}{
		{`| a\|b | c |`, []string{"a|b", "c"}},
		{`| a\\|b | c |`, []string{`a\|b`, "c"}},
		{`| a\\\|b | c |`, []string{`a\\|b`, "c"}},
		{`| a\\ | c |`, []string{`a\\`, "c"}},
		{"| a ` b | c |", []string{"a ` b", "c"}},
		{"| `a | b` | c |", []string{"`a | b`", "c"}},
		{"| ``a ` | b`` | c |", []string{"``a ` | b``", "c"}},
		{"| \\`a | b` | c |", []string{"\\`a", "b`", "c"}},
		{"| \\\\`a | b` | c |", []string{"\\\\`a | b`", "c"}},
		{"| `` x | ` y | ` z | c |", []string{"`` x", "` y | ` z", "c"}},
		{"| `a\\` | b |", []string{"`a\\`", "b"}},
	}
	for _, c := range cases {
		src := "---\nid: X\n---\n## T\n| A | B |\n|---|---|\n" + c.row + "\n"
		tables := Parse("x.md", []byte(src)).Body.Section("T").Tables()
		if len(tables) != 1 || len(tables[0].Rows) != 1 {
			t.Fatalf("%s: tables %+v", c.row, tables)
		}
		var got []string
		for _, cell := range tables[0].Rows[0].Cells {
			got = append(got, cell.Text)
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.row, diff)
		}
	}
}
