package change

import (
	"strconv"
	"strings"

	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// Pair is one story at head with its base version: the file at the same
// path when it holds the same story (the same id), or, for a story the
// change moved, the base story with its id that left its path. Base is nil
// for a new story and without a base revision.
type Pair struct {
	Head *story.Story
	Base *story.Story
}

// Unchanged reports whether the base version is the head version itself:
// the change left the file as it was, so lint reuses the head's parse as
// its base (the same blob), and nothing can differ between the two.
func (p Pair) Unchanged() bool { return p.Base != nil && p.Base == p.Head }

// NewRows returns the head log rows past the base log's length.
func (p Pair) NewRows() []story.LogRow {
	head, _ := p.Head.Log()
	if p.Base == nil {
		return head
	}
	base, _ := p.Base.Log()
	if len(head) <= len(base) {
		return nil
	}
	return head[len(base):]
}

// States lists the states the story was in during the change: its head
// state, every state the new log rows pass through, and, when there are
// new rows, its base state.
func (p Pair) States() map[lifecycle.State]bool {
	out := map[lifecycle.State]bool{}
	if fm := p.Head.Front; fm != nil && fm.State.Set {
		out[fm.CurrentState()] = true
	}
	rows := p.NewRows()
	if p.Base != nil && p.Base.Front != nil && len(rows) > 0 {
		out[p.Base.Front.CurrentState()] = true
	}
	for _, r := range rows {
		out[r.FromState()] = true
		out[r.ToState()] = true
	}
	return out
}

// Generating reports whether the story is generating in the change: its
// head state, or a state its new log rows pass through (with their base
// state), is generating.
func (p Pair) Generating() bool {
	return p.Head.Front != nil && p.States()[lifecycle.Generating]
}

// FrozenAtBase reports whether the contract was frozen at base (§6).
func (p Pair) FrozenAtBase() bool {
	if p.Base == nil || p.Base.Front == nil {
		return false
	}
	rows, _ := p.Base.Log()
	return Frozen(p.Base.Front.CurrentState(), rows)
}

// Frozen reports whether the contract is frozen at state, given the log
// that led there: from ready on, until a reopen sends the story to planning.
func Frozen(state lifecycle.State, rows []story.LogRow) bool {
	switch state {
	case lifecycle.Seeded, lifecycle.Planning, lifecycle.PlanReview, "":
		return false
	case lifecycle.Blocked:
		reachedReady := false
		for _, r := range rows {
			switch r.ToState() {
			case lifecycle.Ready:
				reachedReady = true
			case lifecycle.Planning:
				reachedReady = false
			}
		}
		return reachedReady
	}
	return lifecycle.IsState(state)
}

// NewDecisions returns the head's Human Decision entries whose entry text
// the base lacks, counted as a multiset: a base entry accounts for one
// identical head entry, wherever it moved. Every new decision of a story is
// one of these, for hitl and the rules alike.
func (p Pair) NewDecisions() []story.Decision {
	if p.Base.SameSectionAs(p.Head, lifecycle.SectionDecisions) {
		return nil // the same text holds the same entries
	}
	seen := map[string]int{}
	if p.Base != nil {
		for _, d := range p.Base.Decisions() {
			seen[p.Base.EntryText(d.Entry)]++
		}
	}
	var out []story.Decision
	for _, d := range p.Head.Decisions() {
		text := p.Head.EntryText(d.Entry)
		if seen[text] > 0 {
			seen[text]--
			continue
		}
		out = append(out, d)
	}
	return out
}

// ReopenMissing says what a human reopen of the frozen contract lacks in
// this change, or "" when it is complete: a reopen event logged in a new
// row, a new binding Human Decision entry recording it, and
// current_contract_version one above the base's.
func (p Pair) ReopenMissing() string {
	var event lifecycle.Event
	for _, r := range p.NewRows() {
		if e := r.EventName(); lifecycle.IsReopen(e) {
			event = e
		}
	}
	if event == "" {
		return "no reopen transition (" + strings.Join(lifecycle.Names(lifecycle.ReopenEvents()), ", ") + ") is logged in this change"
	}
	if !p.decides(event) {
		return "no new Human Decision entry records " + string(event)
	}
	want := ContractVersion(p.Base.Front) + 1
	if got := ContractVersion(p.Head.Front); got != want {
		return "current_contract_version must go up by one to " + strconv.Itoa(want) + ", it is " + strconv.Itoa(got)
	}
	return ""
}

// decides reports whether a new binding decision records event.
func (p Pair) decides(event lifecycle.Event) bool {
	for _, d := range p.NewDecisions() {
		if d.Binds() && d.DecidedEvent() == event {
			return true
		}
	}
	return false
}

// ContractVersion is current_contract_version, 1 when absent (§2's default).
func ContractVersion(fm *story.Frontmatter) int {
	if fm.ContractVersion.Set {
		return fm.ContractVersion.Value
	}
	return 1
}
