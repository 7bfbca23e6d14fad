package transition

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// TestRefusesAStateThatIsNotLegal names a malformed state as such rather
// than listing no moves from it, on the CLI's path and the bot's; only done
// has no moves because it is final.
func TestRefusesAStateThatIsNotLegal(t *testing.T) {
	for _, state := range []string{"Seeded", `"seeded "`, `' seeded'`, "seeded_"} {
		src := []byte(strings.Replace(string(template(t)), "state: seeded", "state: "+state, 1))
		want := `state "` + strings.Trim(state, `"'`) + `" is not a legal state (seeded, planning, plan_review, ready, generating, evaluating, evaluation_review, escalated, accepted, done, blocked); run storygate validate STORY-001.md`
		_, err := Apply(story.Parse("STORY-001.md", src), Request{Event: "begin_planning", Actor: "orchestrator", At: clock})
		_, derr := Decide(story.Parse("STORY-001.md", src), Decision{Event: "approve_plan", Date: clock, At: clock})
		for _, e := range []error{err, derr} {
			var r *Refusal
			if !errors.As(e, &r) || r.Message != want {
				t.Errorf("state %s: got %v, want %q", state, e, want)
			}
		}
	}
	if got := legalMoves("done"); got != "none (done is the final state)" {
		t.Errorf("legal moves from done: %q", got)
	}
}

// TestNotesAreWrittenOnOneLine gives Apply notes with control characters,
// line separators and escaped pipes: the row is one line holding none of
// them, and the note reads back as one cell.
func TestNotesAreWrittenOnOneLine(t *testing.T) {
	cases := []struct{ note, want string }{
		{"a\rb", "a b"},
		{"red \x1b[31m alert\a", "red [31m alert"},
		{"page\fbreak\vtab\tnul\x00", "page break tab nul"},
		{"c1\u0085\u009bnext", "c1 next"},
		{"line\u2028para\u2029end", "line para end"},
		{"two\nlines\r\n### Decision 9", "two lines ### Decision 9"},
		{`a\|b`, `a\|b`},
		{"`x | y` | z", "`x | y` | z"},
	}
	for _, c := range cases {
		out, err := Apply(story.Parse("STORY-001.md", template(t)), Request{Event: "begin_planning", Actor: "orchestrator", Note: c.note, At: clock})
		if err != nil {
			t.Errorf("note %q: %v", c.note, err)
			continue
		}
		for _, r := range string(out) {
			if r != '\n' && (r < ' ' || r == 0x7f || r >= 0x80 && r <= 0x9f || r == '\u2028' || r == '\u2029') {
				t.Errorf("note %q: the story holds %U", c.note, r)
			}
		}
		rows, _ := story.Parse("STORY-001.md", out).Log()
		if len(rows) != 1 || rows[0].Cells != 6 || rows[0].Note.Text != c.want {
			t.Errorf("note %q: rows %+v, want one row with note %q", c.note, rows, c.want)
		}
	}
}

// TestCRLFStoryKeepsCRLF walks a CRLF story, whose log has no table yet,
// from seeded to done through Apply and Decide: every line of every file
// written ends with CRLF.
func TestCRLFStoryKeepsCRLF(t *testing.T) {
	src := strings.Replace(string(template(t)), "| Time | Actor | Event | From | To | Note |\n|---|---|---|---|---|---|\n", "", 1)
	src = strings.Replace(src, "priority: high", "priority: high\npending_gate: null", 1)
	out := []byte(strings.ReplaceAll(src, "\n", "\r\n"))
	at := clock
	move := func(event lifecycle.Event, actor lifecycle.Role) {
		t.Helper()
		at = at.Add(time.Hour)
		var err error
		if actor == "human" {
			out, err = Decide(story.Parse("STORY-001.md", out), Decision{Event: event, Rationale: "ok", By: "reviewer", Date: at, At: at, Note: "decided\r\nby | me"})
		} else {
			out, err = Apply(story.Parse("STORY-001.md", out), Request{Event: event, Actor: actor, Note: "a\nb", At: at})
		}
		if err != nil {
			t.Fatalf("%s: %v", event, err)
		}
		lines := strings.SplitAfter(string(out), "\n")
		if lines[len(lines)-1] != "" {
			t.Fatalf("after %s, the file ends without a line break", event)
		}
		for i, ln := range lines[:len(lines)-1] {
			if !strings.HasSuffix(ln, "\r\n") || strings.Count(ln, "\r") != 1 {
				t.Fatalf("after %s, line %d is %q", event, i+1, ln)
			}
		}
	}
	for _, m := range [][2]string{{"begin_planning", "orchestrator"}, {"plan", ""}, {"submit_plan", "planner"}, {"approve_plan", "human"},
		{"start_generation", "orchestrator"}, {"submit_generation", "generator"}, {"evaluate", ""}, {"submit_evaluation", "evaluator"},
		{"accept_result", "human"}, {"mark_done", "human"}} {
		switch m[0] {
		case "plan":
			out = plan(t, out) // the plan submit_plan hands over, added in CRLF too
			continue
		case "evaluate":
			out = evaluate(t, out) // the ACCEPTED evaluation accept_result rests on, added in CRLF too
			continue
		}
		move(lifecycle.Event(m[0]), lifecycle.Role(m[1]))
	}
	if s := story.Parse("STORY-001.md", out); s.Front.State.Value != "done" || len(s.Decisions()) != 3 {
		t.Errorf("final state %s with %d decisions", s.Front.State.Value, len(s.Decisions()))
	}
}

// TestRefusesAMoveBeforeCreatedAt: a move recorded before the story was
// created leaves a log row earlier than created_at, which does not validate.
func TestRefusesAMoveBeforeCreatedAt(t *testing.T) {
	created := time.Date(2026, 5, 27, 0, 0, 0, 0, time.UTC)
	_, err := Apply(story.Parse("STORY-001.md", template(t)), Request{Event: "begin_planning", Actor: "orchestrator", At: created.Add(-time.Second)})
	var r *Refusal
	if !errors.As(err, &r) || len(r.Findings) != 1 || r.Findings[0].Rule != "transition/chronology" {
		t.Fatalf("got %v, want a refusal carrying the transition/chronology finding", err)
	}
	if _, err := Apply(story.Parse("STORY-001.md", template(t)), Request{Event: "begin_planning", Actor: "orchestrator", At: created}); err != nil {
		t.Errorf("a move at created_at itself: %v", err)
	}
}

// TestMoveKeepsAValuesComment: a comment after a tab survives the move
// that rewrites the value before it.
func TestMoveKeepsAValuesComment(t *testing.T) {
	src := []byte(strings.Replace(string(template(t)), "state: seeded", "state: seeded\t# tab comment", 1))
	out, err := Apply(story.Parse("STORY-001.md", src), Request{Event: "begin_planning", Actor: "orchestrator", At: clock})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "\nstate: planning\t# tab comment\n") {
		t.Errorf("the comment after a tab was lost:\n%s", out)
	}
}
