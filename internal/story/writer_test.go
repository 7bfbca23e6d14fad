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
