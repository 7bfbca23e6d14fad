package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/publish"
)

// publishTarget decides where the results go and reads the pull request
// they are for. The repository comes from the workflow, never from the
// document; under workflow_run the commit and run URL come from GitHub's
// event, and the document must be bound to that run (see bindToRun). The
// pull request the document names must have the trusted commit as its
// head: publish recomputes its gates from there.
func (b *Bot) publishTarget(ctx context.Context, gh publishClient, res *gate.Results, ev github.Event, f PublishOptions) (publish.Target, github.PullRequest, error) {
	repo, err := b.publishRepo(res, f)
	if err != nil {
		return publish.Target{}, github.PullRequest{}, err
	}
	t := publish.Target{Repo: repo, HeadSHA: firstNonEmpty(f.HeadSHA, res.Event.HeadSHA), PullRequest: res.Event.PullRequest}
	if f.PR != 0 {
		t.PullRequest = f.PR
	}
	t.DetailsURL = b.trustedRunURL(res.Event.RunURL, repo)
	if ev.WorkflowRun != nil {
		if err := b.bindToRun(res, ev, repo); err != nil {
			return t, github.PullRequest{}, err
		}
		t.DetailsURL = ev.WorkflowRun.HTMLURL
		if ev.WorkflowRun.Event != github.EventWorkflowDispatch {
			// A dispatched run's head is the branch it was dispatched on;
			// its pull request's head is checked below instead.
			t.HeadSHA = ev.HeadSHA
		}
	}
	if t.HeadSHA == "" {
		return t, github.PullRequest{}, fmt.Errorf("%w: no commit to attach check runs to (--head-sha)", errRefused)
	}
	if t.PullRequest == 0 && ev.WorkflowRun != nil && ev.WorkflowRun.Event == github.EventMergeGroup {
		return t, github.PullRequest{}, nil // a merge queue's run: no pull request, the base is checked as git data
	}
	pr, err := pullRequestAt(ctx, gh, t)
	return t, pr, err
}

// bindToRun refuses a document that is not the one the run GitHub names
// produced: the document must name this repository, the run's id (through
// its run URL), the run's head commit (unless the run was dispatched), and
// a pull request GitHub associates with the run when it lists any.
func (b *Bot) bindToRun(res *gate.Results, ev github.Event, repo github.Repo) error {
	run := ev.WorkflowRun
	if !strings.EqualFold(res.Event.Repository, repo.FullName()) {
		return fmt.Errorf("%w: the document names repository %q, the workflow run is in %s", errRefused, res.Event.Repository, repo)
	}
	if id, ok := b.runID(res.Event.RunURL, repo); !ok || id != run.ID {
		return fmt.Errorf("%w: the document comes from run %q, not from workflow run %d that uploaded it", errRefused, res.Event.RunURL, run.ID)
	}
	if run.Event != github.EventWorkflowDispatch && res.Event.HeadSHA != ev.HeadSHA {
		return fmt.Errorf("%w: the document is for commit %q, the workflow run for %q", errRefused, res.Event.HeadSHA, ev.HeadSHA)
	}
	if res.Event.PullRequest == 0 && run.Event != github.EventMergeGroup {
		return fmt.Errorf("%w: the document names no pull request; publish recomputes a pull request's gates", errRefused)
	}
	if listed := run.PullRequests; len(listed) > 0 && !containsInt(listed, res.Event.PullRequest) {
		return fmt.Errorf("%w: pull request #%d is not one of the workflow run's %v", errRefused, res.Event.PullRequest, listed)
	}
	return nil
}

// runID reads the run id from a run URL of this repository: the URL must
// be exactly the one the run writes (runURL), the id in decimal as GitHub
// prints it, so one run has one URL ("runs/+42", "runs/042" and
// "runs/7/attempts/42" name no run).
func (b *Bot) runID(runURL string, repo github.Repo) (int64, bool) {
	digits, ok := strings.CutPrefix(runURL, b.runsPrefix(repo))
	id, err := strconv.ParseInt(digits, 10, 64)
	if !ok || err != nil || id < 1 || strconv.FormatInt(id, 10) != digits {
		return 0, false
	}
	return id, true
}

// pullRequestAt reads the target's pull request and refuses one whose head
// is not the target commit.
func pullRequestAt(ctx context.Context, gh publishClient, t publish.Target) (github.PullRequest, error) {
	if t.PullRequest == 0 {
		return github.PullRequest{}, fmt.Errorf("%w: no pull request to publish for (--pr)", errRefused)
	}
	pr, err := gh.PullRequest(ctx, t.Repo, t.PullRequest)
	if err != nil {
		return pr, fmt.Errorf("check pull request #%d: %w", t.PullRequest, err)
	}
	if pr.HeadSHA != t.HeadSHA {
		return pr, fmt.Errorf("%w: pull request #%d is at %s, not at the workflow run's commit %s", errRefused, t.PullRequest, pr.HeadSHA, t.HeadSHA)
	}
	return pr, nil
}
