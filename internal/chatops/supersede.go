package chatops

import (
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// Approves reports whether event approves content that must stay
// unchanged after it (hitl/decision-stale): lifecycle.Approves, the one
// list the comment printer reads too.
func Approves(event lifecycle.Event) bool { return lifecycle.Approves(event) }

// SupersededBy names the later decision of s that releases the approval
// headed heading from answering for what it approved, if there is one: a
// reopen of the contract (lifecycle.IsReopen), or a decision that sent the
// story back on its loop before the state the approval reached, so that
// the story passes that gate again only with a new decision. "Later" is by
// the source comments' ids, which GitHub assigns in order and which an
// entry cannot change without losing storygate's record of it, never by
// where the entries stand in the file.
func SupersededBy(s *story.Story, heading string) (string, bool) {
	ds := s.Decisions()
	i := slices.IndexFunc(ds, func(d story.Decision) bool { return d.Heading.Text == heading })
	if i < 0 || !Approves(ds[i].DecidedEvent()) {
		return "", false
	}
	reached, ok := lifecycle.Lookup(ds[i].GateState(), ds[i].DecidedEvent())
	src, hasSource := decisionSource(ds[i])
	if !ok || !hasSource {
		return "", false
	}
	for _, e := range ds {
		later, ok := decisionSource(e)
		if ok && later.CommentID > src.CommentID && later.PR == src.PR && strings.EqualFold(later.Repo, src.Repo) && sendsBack(e, reached.To) {
			return e.Heading.Text, true
		}
	}
	return "", false
}

// sendsBack reports whether decision e reopened the contract or moved the
// story back before reached on the main loop (blocking and escalating
// step beside it).
func sendsBack(e story.Decision, reached lifecycle.State) bool {
	t, ok := lifecycle.Lookup(e.GateState(), e.DecidedEvent())
	if !ok {
		return false
	}
	if lifecycle.IsReopen(t.Event) {
		return true
	}
	return t.To != lifecycle.Blocked && t.To != lifecycle.Escalated && lifecycle.Rank(t.To) < lifecycle.Rank(reached)
}

// decisionSource is the comment decision d names as its Source.
func decisionSource(d story.Decision) (Source, bool) {
	field, ok := d.Field("Source")
	if !ok {
		return Source{}, false
	}
	return ParseSource(field.Value)
}
