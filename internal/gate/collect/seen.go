package collect

import (
	"strings"
	"sync"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/verify"
)

// seen is what the gate keeps of each story while lint streams them: its
// summary for the report and, for a story whose verification reruns, its
// items. lint slims the stories themselves, so the gate never holds ten
// thousand whole stories (875 MB for 10,000 without a base when it did).
type seen struct {
	mu      sync.Mutex
	stories map[string]*gate.Story
	items   map[string][]verify.Item
}

func newSeen() *seen {
	return &seen{stories: map[string]*gate.Story{}, items: map[string][]verify.Item{}}
}

// visit is lint.Options.Visit: it runs on several goroutines at once.
func (r *run) visit(u rules.Unit) {
	s := ownedStory(storyOf(u))
	// Every story that claims work keeps its items, whether or not this
	// run reruns them: which it does is verificationItems' one answer.
	var items []verify.Item
	if fm := u.Head.Front; fm != nil && claimsWork(fm.CurrentState()) {
		items = ownedItems(verify.ItemsOf(u.Head))
	}
	r.seen.mu.Lock()
	defer r.seen.mu.Unlock()
	r.seen.stories[u.Head.Path] = s
	if items != nil {
		r.seen.items[u.Head.Path] = items
	}
}

// ownedStory copies a summary's texts out of the story's source, which
// they may view: a summary must not keep the whole file alive.
func ownedStory(s *gate.Story) *gate.Story {
	s.ID, s.Title, s.State, s.BaseState = strings.Clone(s.ID), strings.Clone(s.Title), strings.Clone(s.State), strings.Clone(s.BaseState)
	// The transitions' names are the lifecycle table's own (transitions),
	// never the source's: 320,000 copies for 10,000 stories saved.
	return s
}

// ownedItems copies the items' texts out of the story's source, for the
// same reason.
func ownedItems(items []verify.Item) []verify.Item {
	for i := range items {
		it := &items[i]
		it.Story, it.ID, it.Command, it.PassWhen, it.WorkingDir = strings.Clone(it.Story), strings.Clone(it.ID), strings.Clone(it.Command), strings.Clone(it.PassWhen), strings.Clone(it.WorkingDir)
		it.Evidence, it.ToolFinding = ownedClaim(it.Evidence), ownedClaim(it.ToolFinding)
	}
	return items
}

func ownedClaim(c *verify.Claim) *verify.Claim {
	if c == nil {
		return nil
	}
	return &verify.Claim{Result: strings.Clone(c.Result), ExitCode: strings.Clone(c.ExitCode), Where: strings.Clone(c.Where), Pos: c.Pos}
}
