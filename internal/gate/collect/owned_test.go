package collect

import (
	"testing"
	"unsafe"

	"github.com/storygate/storygate/bench/storygen"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
)

// within reports whether s's bytes lie inside src.
func within(s string, src []byte) bool {
	if len(s) == 0 || len(src) == 0 {
		return false
	}
	p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(&src[0]))
	return p >= lo && p < lo+uintptr(len(src))
}

// TestASummaryKeepsNoTextOfItsStory: the summary the gate keeps of each
// story (ownedStory(storyOf(u))) holds no string that views the story's
// source, which would keep the whole file alive for the run: its id,
// title and states are copies, its transitions the lifecycle table's own
// names. The control: the states of the parsed story's log rows do view
// the source.
func TestASummaryKeepsNoTextOfItsStory(t *testing.T) {
	checked := 0
	for _, f := range storygen.Corpus(storygen.Options{N: 30, Seed: 4}) {
		s := story.Parse(f.Name, f.Data)
		if rows, _ := s.Log(); len(rows) == 0 || !within(string(rows[0].FromState()), s.Src) {
			continue // the control: a log row's state views the source
		}
		sum := ownedStory(storyOf(rules.Unit{Head: s}))
		texts := []string{sum.ID, sum.Title, sum.State, sum.BaseState}
		for _, tr := range sum.Transitions {
			texts = append(texts, tr.From, tr.To, tr.Event, tr.Actor)
		}
		for _, text := range texts {
			if within(text, s.Src) {
				t.Errorf("%s: %q in the summary views the story's source", f.Name, text)
			}
		}
		if len(sum.Transitions) > 0 {
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no generated story had transitions to check")
	}
}
