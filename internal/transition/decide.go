package transition

import (
	"fmt"
	"strings"
	"time"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// Decision is a human decision to record and apply in one step: the
// Decision entry of §8 (extended with its Source and Digest) followed by the
// human move it authorizes.
type Decision struct {
	// Event is the human event decided, e.g. approve_plan.
	Event lifecycle.Event
	// Rationale is the decider's reason; it is written on one line.
	Rationale string
	// Source is where the decision was taken: the comment's URL.
	Source string
	// By is the login of the person who decided.
	By string
	// Date is when the decision was taken (the comment's creation time).
	Date time.Time
	// At is the time recorded in the log row and updated_at.
	At time.Time
	// Note is the log row's note.
	Note string
	// Validate judges the result as Request.Validate does; nil judges
	// nothing beyond the move itself.
	Validate func(out []byte) ([]diag.Diagnostic, error)
}

// maxRationale bounds the rationale copied from a comment into the story.
const maxRationale = 500

// Decide appends the Decision entry and applies the move through Apply, so
// the slash-command bot takes exactly the CLI's legal moves. The entry's
// Digest covers what the decision approves (see Digest).
func Decide(s *story.Story, d Decision) ([]byte, error) {
	t, err := humanMove(s, d.Event)
	if err != nil {
		return nil, err
	}
	ed := s.Edit()
	if err := ed.AppendEntry(lifecycle.SectionDecisions, decisionEntry(s, t, d)); err != nil {
		return nil, fmt.Errorf("record %s in %s: %w", d.Event, s.Path, err)
	}
	withEntry, err := ed.Result()
	if err != nil {
		return nil, fmt.Errorf("record %s in %s: %w", d.Event, s.Path, err)
	}
	return Apply(story.Parse(s.Path, withEntry), Request{Event: d.Event, Actor: lifecycle.Human, Note: d.Note, At: d.At, Validate: d.Validate})
}

// humanMove returns the table row for a human event from the story's state.
func humanMove(s *story.Story, event lifecycle.Event) (lifecycle.Transition, error) {
	if err := legalState(s); err != nil {
		return lifecycle.Transition{}, err
	}
	from := s.Front.CurrentState()
	t, ok := lifecycle.Lookup(from, event)
	if !ok || t.Actor != lifecycle.Human {
		return t, refuse("%s is not a human decision legal at %s; legal from %s: %s", event, from, from, legalMoves(from))
	}
	return t, nil
}

// decisionEntry renders "### Decision N" with the §8 fields, Source and Digest.
func decisionEntry(s *story.Story, t lifecycle.Transition, d Decision) string {
	fields := [][2]string{
		{"Date", d.Date.UTC().Format("2006-01-02 15:04")},
		{"At state", string(t.From)},
		{"Decision", string(t.Event)},
		{"Rationale", RationaleLine(d.Rationale)},
		{"Binding", "true"},
		{"By", OneLine(d.By, 100)},
		{"Source", OneLine(d.Source, 300)},
		{"Digest", Digest(s, t.From)},
	}
	var b strings.Builder
	fmt.Fprintf(&b, "### Decision %d\n", nextDecisionNumber(s))
	for _, f := range fields {
		fmt.Fprintf(&b, "**%s:** %s\n", f[0], f[1])
	}
	return b.String()
}

func nextDecisionNumber(s *story.Story) int {
	n := 0
	for _, d := range s.Decisions() {
		if d.OK {
			n = max(n, d.Number)
		}
	}
	return n + 1
}

// RationaleLine is a decider's rationale as a Decision entry records it:
// one line of at most maxRationale runes (see OneLine).
func RationaleLine(text string) string { return OneLine(text, maxRationale) }

// OneLine turns untrusted text into one line of at most limit runes:
// control characters and line breaks become spaces, runs of space collapse
// (story.OneLine, which the log-row writer applies to every note), so the
// text cannot start a heading, field or table row of its own. Empty text
// becomes "none given".
func OneLine(text string, limit int) string {
	clean := story.OneLine(text)
	if r := []rune(clean); len(r) > limit {
		clean = string(r[:limit-1]) + "…"
	}
	if clean == "" {
		return "none given"
	}
	return clean
}
