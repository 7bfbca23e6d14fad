package bot

import (
	"strings"
	"testing"
)

// TestPublishedCommentNamesTheBasePolicy: the privileged half writes the
// comment's "who may type it" from the policy it loaded from the base
// revision, not the placeholder a caller without a policy gets.
func TestPublishedCommentNamesTheBasePolicy(t *testing.T) {
	h := newHarness(t)
	reportOnlyHalf(t, h)
	publishHalf(t, h, h.head)
	if code := h.publish(h.results); code != passed {
		t.Fatalf("publish got %s\n%s", code, h.stderr.String())
	}
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) != 1 {
		t.Fatalf("want one comment, got %d", len(comments))
	}
	body := comments[0].Body
	if !strings.Contains(body, "`/approve-plan STORY-002`") || !strings.Contains(body, "Who may type it: write permission or higher") {
		t.Errorf("the comment does not say what to type and who may:\n%s", body)
	}
}
