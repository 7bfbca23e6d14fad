package appbot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/serve"
)

// TestTheOrganizationDefaultGovernsARepositoryWithoutAPolicy: with no
// .github/storygate.yml at the base, the organization's default
// (storygate.yml in its .github repository) governs, so a reviewer with
// write access is refused where it asks for maintain; a repository with
// its own file is governed by it alone (the control: the same org default,
// the repository's own file allowing write, the decision recorded).
func TestTheOrganizationDefaultGovernsARepositoryWithoutAPolicy(t *testing.T) {
	t.Parallel()
	own := map[string]string{".github/storygate.yml": "approvers:\n  permission: write\n"}
	cases := []struct {
		name     string
		own      []map[string]string
		recorded bool
	}{
		{"no policy of its own", nil, false},
		{"its own policy (control)", []map[string]string{own}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			w.addRepo(hello, tc.own...)
			w.fake.SetFile("Codertocat/.github", "main", "storygate.yml", []byte("approvers:\n  permission: maintain\n"))
			d := w.comment(hello, reviewer, "/approve-plan STORY-002 the plan maps errors to fields")
			if out, err := w.handler().Handle(context.Background(), d); err != nil || out != serve.Handled {
				t.Fatalf("got %s, %v", out, err)
			}
			story, _, _ := w.fake.File(hello, "feature", "stories/STORY-002.md")
			if got := strings.Contains(string(story), "state: ready"); got != tc.recorded {
				t.Errorf("recorded: %v, want %v", got, tc.recorded)
			}
			comments := w.fake.Comments(hello, prNumber)
			last := comments[len(comments)-1].Body
			if !tc.recorded && !strings.Contains(last, "maintain") {
				t.Errorf("the refusal does not name the organization's permission: %q", last)
			}
		})
	}
}
