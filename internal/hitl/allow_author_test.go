package hitl

import (
	"context"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/github"
)

// TestTheAuthorsDecisionCountsOnlyWithAllowAuthor: with the base's
// approvers.allow_author on, the PR author's /approve-plan is recorded and
// the gate verifies it; the same recorded decision judged by a policy
// without the option is unverified, naming the author rule.
func TestTheAuthorsDecisionCountsOnlyWithAllowAuthor(t *testing.T) {
	f := newFixture(t, "STORY-001.plan_review.md")
	f.cfg.Approvers.AllowAuthor = true
	ev := f.pr.Comment(agent, "/approve-plan my own plan, and I read it")
	deps := chatops.Deps{GitHub: f.pr.Fake.Adapter(), Config: f.cfg, History: f.history(),
		Now:     func() time.Time { return decidedAt },
		Stories: func(context.Context, github.PullRequest, []string) ([]string, error) { return f.paths, nil }}
	if out, err := chatops.Handle(context.Background(), deps, ev); err != nil || out.Result != chatops.Applied {
		t.Fatalf("the author's decision with allow_author: %+v %v", out, err)
	}
	only(t, f.check(), Verified, "@"+agent.Login)
	f.cfg.Approvers.AllowAuthor = false
	only(t, f.check(), Unverified, "opened this pull request")
}
