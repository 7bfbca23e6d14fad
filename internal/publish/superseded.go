package publish

import (
	"context"
	"fmt"

	"github.com/storygate/storygate/internal/github"
)

// newerHead reads the pull request's head and returns it when it is not
// the run's: a push came after the commit this run judged, so its report
// is stale. "" means the run is current, or has no pull request (a merge
// queue's or a manual run, whose commit is its own).
func newerHead(ctx context.Context, gh GitHub, t Target) (string, error) {
	if t.PullRequest == 0 {
		return "", nil
	}
	pr, err := gh.PullRequest(ctx, t.Repo, t.PullRequest)
	if err != nil {
		return "", fmt.Errorf("publish: read the head of #%d: %w", t.PullRequest, err)
	}
	if pr.HeadSHA == t.HeadSHA {
		return "", nil
	}
	return pr.HeadSHA, nil
}

// supersede marks a stale run's check run as superseded, in its title and
// first in its summary, keeping its conclusion: it is the true verdict of
// its own commit, and it cannot stand for the pull request, whose checks
// branch protection reads on the pull request's head.
func supersede(run *github.CheckRun, t Target, head string) {
	run.Output.Title = "superseded by " + short(head) + ": " + run.Output.Title
	run.Output.Summary = fmt.Sprintf("**Superseded.** This run judged %s, which is no longer the head of #%d (now %s): its report was not posted on the pull request, and the pull request's checks are the ones on %s.\n\n",
		t.HeadSHA, t.PullRequest, head, short(head)) + run.Output.Summary
}

// short is a commit's abbreviated hash, as GitHub shows it.
func short(sha string) string {
	if len(sha) > 7 {
		return sha[:7]
	}
	return sha
}
