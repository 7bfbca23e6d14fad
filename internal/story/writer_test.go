package story

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const writerSrc = `---
schema: enso.story/v1
id: STORY-001
title: "Quoted: title"
state: seeded # the start
updated_at: 2026-05-27T00:00:00Z
---

# STORY-001 Quoted: title

## Human Decisions

## Transition Log
| Time | Actor | Event | From | To | Note |
|---|---|---|---|---|---|
| 2026-05-27T00:00:00Z | orchestrator | begin_planning | seeded | planning | |
`

func TestEditorKeepsEveryOtherByte(t *testing.T) {
	s := Parse("STORY-001.md", []byte(writerSrc))
	ed := s.Edit()
	mustNil(t, ed.SetScalar("state", "planning"))
	mustNil(t, ed.SetScalar("title", `Say "hi"`))
	mustNil(t, ed.SetScalar("updated_at", "2026-05-28T10:00:00Z"))
	mustNil(t, ed.SetScalar("iteration", "1"))
	mustNil(t, ed.AppendLogRow([]string{"2026-05-28T10:00:00Z", "planner", "submit_plan", "planning", "plan_review", "a | b"}))
	mustNil(t, ed.AppendEntry("Human Decisions", "### Decision 1\n**Date:** 2026-05-28 10:00"))
	want := strings.NewReplacer(
		"state: seeded # the start", "state: planning # the start",
		`title: "Quoted: title"`, `title: "Say \"hi\""`,
		"updated_at: 2026-05-27T00:00:00Z\n---", "updated_at: 2026-05-28T10:00:00Z\niteration: 1\n---",
		"## Human Decisions\n", "## Human Decisions\n\n### Decision 1\n**Date:** 2026-05-28 10:00\n",
		"| seeded | planning | |\n", "| seeded | planning | |\n| 2026-05-28T10:00:00Z | planner | submit_plan | planning | plan_review | a \\| b |\n",
	).Replace(writerSrc)
	if diff := cmp.Diff(want, string(ed.Bytes())); diff != "" {
		t.Errorf("edited story differs (-want +got):\n%s", diff)
	}
	again := Parse("STORY-001.md", ed.Bytes())
	if again.Front.State.Value != "planning" || again.Front.Title.Value != `Say "hi"` {
		t.Errorf("reparsed values: state %q title %q", again.Front.State.Value, again.Front.Title.Value)
	}
	rows, _ := again.Log()
	if len(rows) != 2 || Clean(rows[1].Note.Text) != "a | b" {
		t.Errorf("reparsed log: %+v", rows)
	}
}

func TestEditorCreatesLogTableAndHandlesMissingNewline(t *testing.T) {
	src := "---\nid: X\n---\n\n## Transition Log"
	ed := Parse("x.md", []byte(src)).Edit()
	mustNil(t, ed.AppendLogRow([]string{"t", "a", "e", "f", "g", ""}))
	want := src + "\n| Time | Actor | Event | From | To | Note |\n|---|---|---|---|---|---|\n| t | a | e | f | g |  |\n"
	if diff := cmp.Diff(want, string(ed.Bytes())); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestEditorRefusesWhatItCannotEdit(t *testing.T) {
	s := Parse("x.md", []byte("no frontmatter\n"))
	if err := s.Edit().SetScalar("state", "x"); err == nil {
		t.Error("SetScalar on a story without frontmatter succeeded")
	}
	if err := s.Edit().AppendLogRow([]string{"a"}); err == nil {
		t.Error("AppendLogRow without a Transition Log section succeeded")
	}
	s = Parse("x.md", []byte("---\nscope:\n  write: [a]\n---\n"))
	if err := s.Edit().SetScalar("scope", "x"); err == nil {
		t.Error("SetScalar on a mapping succeeded")
	}
}

func mustNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestSetScalarKeepsWhatFollowsTheValue replaces state's value in each
// layout and checks the rest of the line survives: a comment after a space
// or a tab, trailing white space, a quoted value's closing quote, a flow
// mapping's other keys.
func TestSetScalarKeepsWhatFollowsTheValue(t *testing.T) {
	cases := []struct{ line, want string }{
		{"state: seeded # c", "state: planning # c"},
		{"state: seeded\t# tab comment", "state: planning\t# tab comment"},
		{"state: seeded \t # c", "state: planning \t # c"},
		{"state: seeded\t", "state: planning\t"},
		{"state: seeded   ", "state: planning   "},
		{"state: a#b # c", "state: planning # c"},
		{"state:\t# c", "state: planning\t# c"},
		{"state:  # c", "state: planning  # c"},
		{"state:", "state: planning"},
		{"state: ~\t# c", "state: planning\t# c"},
		{`state: "seeded"` + "\t# c", `state: "planning"` + "\t# c"},
		{`state: "a\"b #x"	# c`, `state: "planning"	# c`},
		{"state: 'it''s'\t# c", "state: 'planning'\t# c"},
		{"state: 'seeded' ", "state: 'planning' "},
		{"{state: seeded, id: X}", "{state: planning, id: X}"},
		{"{id: X, state: seeded\t}", "{id: X, state: planning\t}"},
		{"{id: X, state: 'seeded'}", "{id: X, state: 'planning'}"},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			ed := Parse("x.md", []byte("---\n"+c.line+"\n---\n")).Edit()
			mustNil(t, ed.SetScalar("state", "planning"))
			out, err := ed.Result()
			mustNil(t, err)
			if got := strings.Split(string(out), "\n")[1]; got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestSetScalarRefusesValuesOverSeveralLines: a quoted or plain scalar
// continued on the next line cannot be replaced on its first line alone.
func TestSetScalarRefusesValuesOverSeveralLines(t *testing.T) {
	for _, fm := range []string{"state: \"see\n  ded\"", "state: 'see\n  ded'", "state: see\n  ded", "{id: X}"} {
		err := Parse("x.md", []byte("---\n"+fm+"\n---\n")).Edit().SetScalar("state", "planning")
		if err == nil {
			t.Errorf("%q: SetScalar succeeded", fm)
		}
	}
}

// TestEditorWritesTheFilesLineEnding edits a CRLF story in every way the
// editor can (replace and insert a key, append a row and an entry, create a
// log table, end a file that had no final line break) and checks the result
// is the LF edit with every line break CRLF.
func TestEditorWritesTheFilesLineEnding(t *testing.T) {
	noTable := strings.Replace(writerSrc, "| Time | Actor | Event | From | To | Note |\n|---|---|---|---|---|---|\n| 2026-05-27T00:00:00Z | orchestrator | begin_planning | seeded | planning | |\n", "", 1)
	for name, src := range map[string]string{"full": writerSrc, "no table": noTable, "no final newline": strings.TrimSuffix(noTable, "\n")} {
		t.Run(name, func(t *testing.T) {
			lf := editAll(t, src)
			crlf := editAll(t, strings.ReplaceAll(src, "\n", "\r\n"))
			if diff := cmp.Diff(strings.ReplaceAll(lf, "\n", "\r\n"), crlf); diff != "" {
				t.Errorf("CRLF edit differs from the LF edit (-want +got):\n%s", diff)
			}
		})
	}
}

func editAll(t *testing.T, src string) string {
	t.Helper()
	ed := Parse("STORY-001.md", []byte(src)).Edit()
	mustNil(t, ed.SetScalar("state", "planning"))
	mustNil(t, ed.SetScalar("iteration", "1"))
	mustNil(t, ed.AppendEntry("Human Decisions", "### Decision 1\n**Date:** 2026-05-28 10:00\r\n**Decision:** approve_plan\n"))
	mustNil(t, ed.AppendEntry("Transition Log", "### Not an entry"))
	mustNil(t, ed.AppendLogRow([]string{"2026-05-28T10:00:00Z", "planner", "submit_plan", "planning", "plan_review", "x"}))
	out, err := ed.Result()
	mustNil(t, err)
	return string(out)
}

// TestLogNotesReadBackAsOneCell writes notes full of pipes, backslashes and
// backticks and reads the row back with the story's table parser: six
// cells, the note's cell holding the note as written.
func TestLogNotesReadBackAsOneCell(t *testing.T) {
	notes := []string{`a\|b`, `a|b`, `a\\|b`, `|`, `\`, `a\`, `\|`, "`x|y`", "it`s | fine", "``a | b", "`a` | `b`",
		"\\`|`", "`` ` ``|", "x \\", "| lead", "trail |", "a || b", "\\\\\\|"}
	for _, note := range notes {
		checkNoteRoundTrip(t, note, note)
	}
	// Every string of up to five characters from an alphabet of the
	// characters that matter.
	alphabet := []string{"a", " ", "|", `\`, "`"}
	var grow func(prefix string, n int)
	grow = func(prefix string, n int) {
		checkNoteRoundTrip(t, prefix, OneLine(prefix))
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			grow(prefix+c, n-1)
		}
	}
	grow("", 5)
}

// TestLogRowRefusesCellsThatMerge: a backtick run in one cell that a
// later cell closes would make a code span of the pipes between them.
func TestLogRowRefusesCellsThatMerge(t *testing.T) {
	ed := Parse("STORY-001.md", []byte(writerSrc)).Edit()
	if err := ed.AppendLogRow([]string{"`a", "b`", "e", "f", "g", "note"}); err == nil {
		t.Errorf("a row whose cells merge was written:\n%s", ed.Bytes())
	}
}

func checkNoteRoundTrip(t *testing.T, note, want string) {
	t.Helper()
	ed := Parse("STORY-001.md", []byte(writerSrc)).Edit()
	mustNil(t, ed.AppendLogRow([]string{"2026-05-28T10:00:00Z", "planner", "submit_plan", "planning", "plan_review", note}))
	rows, _ := Parse("STORY-001.md", ed.Bytes()).Log()
	if len(rows) != 2 || rows[1].Cells != 6 || rows[1].Note.Text != want {
		last := rows[len(rows)-1]
		t.Errorf("note %q: %d rows, the last with %d cells, note %q; want 6 cells, note %q", note, len(rows), last.Cells, last.Note.Text, want)
	}
}

// TestLogRowsAreOneLineWithoutControls writes each control character and
// line separator into every cell of a row: the row stays one line with none
// of them, each read as a space.
func TestLogRowsAreOneLineWithoutControls(t *testing.T) {
	for _, ctl := range []string{"\r", "\n", "\r\n", "\x1b", "\a", "\f", "\v", "\t", "\x00", "\x7f", "\u0085", "\u009b", "\u2028", "\u2029"} {
		cell := "a" + ctl + "b" + ctl
		ed := Parse("STORY-001.md", []byte(writerSrc)).Edit()
		mustNil(t, ed.AppendLogRow([]string{cell, cell, cell, cell, cell, cell}))
		out := string(ed.Bytes())
		added := strings.TrimPrefix(out, writerSrc)
		if want := "| a b | a b | a b | a b | a b | a b |\n"; added != want {
			t.Errorf("%q: appended %q, want %q", ctl, added, want)
		}
	}
	if got := OneLine("a\xffb"); got != "a\uFFFDb" {
		t.Errorf("invalid UTF-8 written as %q", got)
	}
}
