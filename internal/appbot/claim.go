package appbot

import (
	"context"
	"fmt"
	"regexp"

	"github.com/storygate/storygate/internal/github"
)

// claimPrefix is where the App's delivery claims live: one git ref per
// delivery id, refs/storygate/deliveries/<X-GitHub-Delivery>, made through
// GitHub's git refs API, which lets exactly one request create a name.
// So GitHub decides whether a delivery was acted on: a second replica
// receiving it, or a replay of an old delivery (the same id), is told the
// ref exists and answers Duplicate before it writes anything. A ref stays
// after the delivery (a replay months later is still refused); a failed
// delivery's claim is deleted so that GitHub's redelivery can act. Such
// refs are not branches or tags: no clone fetches them, no workflow runs
// on them, and no pull request shows them.
const claimPrefix = "refs/storygate/deliveries/"

// deliveryID is the shape of an X-GitHub-Delivery header (a GUID); a ref
// is made of nothing else.
var deliveryID = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z-]{0,63}$`)

// fullCommit is a 40-hex commit id, what a ref points at.
var fullCommit = regexp.MustCompile(`^[0-9a-f]{40}$`)

// claim is one delivery's claim in its repository.
type claim struct {
	repo github.Repo
	ref  string
	sha  string
}

func claimOf(id string, repo github.Repo, sha string) (claim, error) {
	if !deliveryID.MatchString(id) {
		return claim{}, fmt.Errorf("delivery id %q is not a GitHub delivery GUID", id)
	}
	if !fullCommit.MatchString(sha) {
		return claim{}, fmt.Errorf("delivery %s: no commit to claim it at (got %q)", id, sha)
	}
	return claim{repo: repo, ref: claimPrefix + id, sha: sha}, nil
}

// take claims the delivery; false means GitHub holds a claim already.
func (c claim) take(ctx context.Context, gh github.Claims) (bool, error) {
	ok, err := gh.Claim(ctx, c.repo, c.ref, c.sha)
	if err != nil {
		return false, fmt.Errorf("claim the delivery: %w", err)
	}
	return ok, nil
}

// release gives the claim back after a failure.
func (c claim) release(ctx context.Context, gh github.Claims) error {
	if err := gh.Release(ctx, c.repo, c.ref); err != nil {
		return fmt.Errorf("release the claim %s (a redelivery will answer Duplicate; delete the ref to retry): %w", c.ref, err)
	}
	return nil
}
