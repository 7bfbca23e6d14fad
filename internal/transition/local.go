package transition

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// LocalSource is the **Source:** of a decision recorded on a developer's
// machine (`storygate transition --actor human`): no comment, so nothing
// the PR gate ever counts as a human decision (hitl says which command
// records it on the pull request), and what the local gate accepts as
// local. On the pull request the reviewer's command adopts the entry
// (Adopt), which then names the comment.
const LocalSource = "local: recorded by storygate transition, not a pull request comment"

// IsLocal reports whether d was recorded locally.
func IsLocal(d story.Decision) bool {
	f, ok := d.Field("Source")
	return ok && strings.TrimSpace(story.Clean(f.Value)) == LocalSource
}

// LocalDecision is the latest Decision entry of s when it is a local one
// deciding event: the decision a command for event on the pull request
// adopts.
func LocalDecision(s *story.Story, event lifecycle.Event) (story.Decision, bool) {
	ds := s.Decisions()
	if len(ds) == 0 {
		return story.Decision{}, false
	}
	d := ds[len(ds)-1]
	return d, d.OK && IsLocal(d) && d.DecidedEvent() == event
}

// Adopt rewrites s's local decision d as the decision r taken on the pull
// request: its Date, Rationale, By and Source become r's, as Decide writes
// them; the move it recorded, its state and its log row stay.
func Adopt(s *story.Story, d story.Decision, r Decision) ([]byte, error) {
	if !IsLocal(d) || d.DecidedEvent() != r.Event {
		return nil, refuse("%s is not a local decision of %s", d.Heading.Text, r.Event)
	}
	ed := s.Edit()
	for _, kv := range [][2]string{{"Date", r.Date.UTC().Format("2006-01-02 15:04")}, {"Rationale", RationaleLine(r.Rationale)},
		{"By", OneLine(r.By, 100)}, {"Source", OneLine(r.Source, 300)}} {
		f, ok := d.Field(kv[0])
		if !ok {
			return nil, refuse("%s has no **%s:** field to record the pull request's decision in", d.Heading.Text, kv[0])
		}
		if err := ed.SetFieldValue(f, kv[1]); err != nil {
			return nil, fmt.Errorf("adopt %s in %s: %w", d.Heading.Text, s.Path, err)
		}
	}
	out, err := ed.Result()
	if err != nil {
		return nil, fmt.Errorf("adopt %s in %s: %w", d.Heading.Text, s.Path, err)
	}
	return out, nil
}

// NeedsDecision reports whether the human move event is legal from s's
// state but lacks the unused Decision entry it needs (and no non-binding
// one advises it): the move `storygate transition --actor human` records
// a local decision for.
func NeedsDecision(s *story.Story, event lifecycle.Event) bool {
	if legalState(s) != nil {
		return false
	}
	t, ok := lifecycle.Lookup(s.Front.CurrentState(), event)
	return ok && t.Actor == lifecycle.Human && !hasUnusedDecision(s, t) && !s.Advised(t.Event, t.From)
}
