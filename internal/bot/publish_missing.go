package bot

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/publish"
)

// missingTitle is the check runs' title when the gate run left no
// results document to publish.
const missingTitle = "the gate run uploaded no results document"

// publishMissing answers a results document that is not there. Under a
// workflow_run for a pull request or a merge queue, GitHub names the head
// commit the gate ran for, so publish posts a failing check run per
// default gate there: the pull request sees the failure, instead of
// required checks that never appear. Anything else (no document at the
// path a person gave, a dispatched run whose head GitHub does not vouch
// for) is the caller's error alone. Either way it exits 2.
func (b *Bot) publishMissing(ctx context.Context, f PublishOptions, readErr error) error {
	failure := usage(readErr)
	ev, err := b.publishEvent()
	run := ev.WorkflowRun
	if !errors.Is(readErr, fs.ErrNotExist) || err != nil || run == nil || ev.HeadSHA == "" ||
		(run.Event != github.EventPullRequest && run.Event != github.EventMergeGroup) {
		return b.publishFailure(failure)
	}
	repo, err := github.ParseRepo(firstNonEmpty(f.Repo, b.getenv("GITHUB_REPOSITORY")))
	if err != nil {
		return b.publishFailure(usage(fmt.Errorf("repository: %w", err)))
	}
	root, err := b.resolveTrustedRoot(f.Root)
	if err != nil {
		return b.publishFailure(err)
	}
	t := publish.Target{Repo: repo, HeadSHA: ev.HeadSHA, DetailsURL: run.HTMLURL, Root: root.name(), Run: b.workflowRun()}
	if len(run.PullRequests) == 1 {
		t.PullRequest = run.PullRequests[0]
	}
	gh, err := b.deps.GitHub.NewClient(ev.InstallationID, github.Timeouts{})
	if err != nil {
		return b.publishFailure(fmt.Errorf("publish: %w", err))
	}
	if _, err := publish.ToGitHub(ctx, gh, missingResults(ev, root.name()), t); err != nil {
		return b.publishFailure(fmt.Errorf("publish the missing document's failure: %w", err))
	}
	return b.publishFailure(usage(fmt.Errorf("%w; posted failing check runs on %s", readErr, shortSHA(ev.HeadSHA))))
}

// missingResults is the document publish posts for a gate run that left
// none: every default gate failed, saying why.
func missingResults(ev github.Event, root string) *gate.Results {
	res := &gate.Results{Event: gate.Event{Name: ev.WorkflowRun.Event, HeadSHA: ev.HeadSHA, RunURL: ev.WorkflowRun.HTMLURL}, Root: root}
	detail := "The storygate workflow run " + ev.WorkflowRun.HTMLURL + " finished without uploading its results document " +
		"(the `storygate-results` artifact), so nothing it decided can be published. Look at that run's log: the gate step " +
		"failed before it wrote the document, or the upload step left it out (it must upload `.storygate/` with `include-hidden-files: true`)."
	for _, n := range gate.DefaultNames {
		res.Gates = append(res.Gates, gate.Gate{Name: n, Conclusion: gate.Failure, Title: missingTitle, Detail: detail})
	}
	res.Finish()
	return res
}
