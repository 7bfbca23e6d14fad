package transition

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/story"
)

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
