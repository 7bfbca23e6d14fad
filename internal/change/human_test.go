package change

import (
	"testing"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/story"
)

// closing is STORY-001 at state with log rows ("event from to actor") and
// Human Decision entries (version.decided).
func closing(t *testing.T, state string, rows, decisions []string) *story.Story {
	t.Helper()
	return version{state: state, write: []string{"src/"}, rows: rows, decided: decisions}.parse(t)
}

// TestAHumansChangeIsOnlyHumanTransitionsWithTheirDecisions: a human's
// closure (accept_result and mark_done, each with its binding decision at
// its from state) is a human's change; a row without its decision, with a
// non-binding one, by another actor, or no new row at all, is not, and
// neither is a change with a story generating in it.
func TestAHumansChangeIsOnlyHumanTransitionsWithTheirDecisions(t *testing.T) {
	t.Parallel()
	before := []string{"submit_evaluation evaluating evaluation_review evaluator"}
	accept, done := "accept_result evaluation_review accepted human", "mark_done accepted done human"
	for _, c := range []struct {
		name      string
		state     string
		rows      []string
		decisions []string
		want      bool
	}{
		{"a human closes the story", "done", []string{accept, done}, []string{"accept_result@evaluation_review", "mark_done@accepted"}, true},
		{"one decision missing", "done", []string{accept, done}, []string{"accept_result@evaluation_review"}, false},
		{"a decision at another state", "accepted", []string{accept}, []string{"accept_result@accepted"}, false},
		{"a non-binding decision", "accepted", []string{accept}, []string{"accept_result@evaluation_review!"}, false},
		{"an agent's row beside", "evaluating", []string{accept, "reopen_for_revision accepted generating human", "submit_generation generating evaluating generator"},
			[]string{"accept_result@evaluation_review", "reopen_for_revision@accepted"}, false},
		{"no new row", "evaluation_review", nil, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			base := closing(t, "evaluation_review", before, nil)
			head := closing(t, c.state, append(append([]string{}, before...), c.rows...), c.decisions)
			p := Pair{Head: head, Base: base}
			ch := New([]Pair{p}, nil, []gitrepo.Change{{Path: "stories/STORY-001.md", Kind: gitrepo.Modified}, {Path: "CHANGELOG.md", Kind: gitrepo.Modified}}, true)
			if got := p.HumanOnly(); got != c.want {
				t.Errorf("HumanOnly = %v, want %v", got, c.want)
			}
			if got := ch.HumansOnly(); got != c.want {
				t.Errorf("HumansOnly = %v, want %v", got, c.want)
			}
		})
	}
}
