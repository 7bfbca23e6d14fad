// Package publish posts a results document where reviewers look: one check
// run per gate with line annotations, one sticky pull request comment, the
// job summary, a SARIF file, workflow-command annotations and the action's
// outputs. It reads only the results document and never runs anything from
// the change under review, which is what lets the privileged half of the
// fork-safe flow hold a write token.
package publish

import (
	"context"
	"fmt"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/report"
)

// GitHub is what publishing asks of GitHub: check runs, the sticky
// comment as the report of a head, the pull request's head to check
// that a run is not stale, and the account it all is posted as (whether
// the comment must say it is forgeable, PinnedToApp).
type GitHub interface {
	github.Checks
	PostHeadReport(ctx context.Context, repo github.Repo, number int, marker, head, report string) (github.HeadReport, error)
	PullRequest(ctx context.Context, repo github.Repo, number int) (github.PullRequest, error)
	Self(ctx context.Context) (github.Self, error)
}

// Target says where the results go.
type Target struct {
	Repo    github.Repo
	HeadSHA string
	// PullRequest is the number to comment on; zero posts no comment
	// (merge queues, manual runs).
	PullRequest int
	// DetailsURL links each check run to the workflow run.
	DetailsURL string
	// Approvers is the trusted approvers policy the comment names as who
	// may pass a human gate; nil makes it point at the setting instead.
	Approvers *config.Approvers
	// Root is where the gated root is in the repository ("" or "." for
	// its top), as the caller trusts it: the gate's own root, publish's
	// --root. It names the check runs and the sticky comment, so two
	// roots of one repository never touch each other's (gate.Identity).
	Root string
	// Run is the workflow run publishing (its id and attempt): with the
	// head it makes each check run's external_id this run's own, so a
	// create whose answer was lost is never mistaken for an earlier
	// run's (gate.Identity.RunExternalID).
	Run gate.Run
}

// Outcome is what ToGitHub did.
type Outcome struct {
	CheckRuns []int64
	Comment   github.StickyResult
	// SupersededBy is the pull request's head when it is not the run's
	// (before the check runs, or after the comment was written): the run
	// is stale and its report is not the pull request's.
	SupersededBy string
}

// ToGitHub posts one completed check run per gate, then the sticky comment.
// A run whose head is no longer the pull request's (newerHead) posts its
// check runs on its own head marked superseded and leaves the comment
// alone. It costs one request per gate plus one per extra 50 annotations,
// two reads of the pull request's head, the comment lookups' pages and
// one write plus the deletion of older reports: nothing grows with the
// number of stories. When the trusted policy pins storygate to its App,
// credentials that are not the App write nothing (PinnedToApp).
func ToGitHub(ctx context.Context, gh GitHub, res *gate.Results, t Target) (Outcome, error) {
	var out Outcome
	if t.HeadSHA == "" {
		return out, fmt.Errorf("publish: no head commit to attach check runs to")
	}
	if !gate.SameRoot(res.Root, t.Root) {
		return out, fmt.Errorf("publish: the results are of the root %q, the check runs would be of %q", res.Root, t.Root)
	}
	pinned, err := PinnedToApp(ctx, gh, t.Approvers)
	if err != nil {
		return out, fmt.Errorf("publish: %w", err)
	}
	moved, err := newerHead(ctx, gh, t)
	if err != nil {
		return out, err
	}
	for _, g := range res.Gates {
		run := checkRun(res, g, t)
		if moved != "" {
			supersede(&run, t, moved)
		}
		id, err := gh.CreateCheckRun(ctx, t.Repo, run)
		if err != nil {
			return out, fmt.Errorf("publish %s: %w", run.Name, err)
		}
		out.CheckRuns = append(out.CheckRuns, id)
	}
	if t.PullRequest == 0 || moved != "" {
		out.SupersededBy = moved
		return out, nil
	}
	return postReport(ctx, gh, res, t, pinned, out)
}

// postReport posts the sticky comment as the report of the run's head
// (github.Adapter.PostHeadReport), adding what it did to out; pinned is
// PinnedToApp's answer.
func postReport(ctx context.Context, gh GitHub, res *gate.Results, t Target, pinned bool, out Outcome) (Outcome, error) {
	md := report.Markdown(res, report.MarkdownOptions{Approvers: t.Approvers, Pinned: pinned})
	posted, err := gh.PostHeadReport(ctx, t.Repo, t.PullRequest, gate.StickyMarker(t.Root), t.HeadSHA, md)
	if err != nil {
		return out, fmt.Errorf("publish comment on #%d: %w", t.PullRequest, err)
	}
	out.Comment = posted.Result
	if posted.Result == github.StickySuperseded {
		out.SupersededBy = posted.PullHead
	}
	return out, nil
}

// checkRun builds one gate's completed check run.
func checkRun(res *gate.Results, g gate.Gate, t Target) github.CheckRun {
	id := gate.Identity{Gate: g.Name, Root: t.Root}
	return github.CheckRun{
		Name:       id.CheckName(),
		HeadSHA:    t.HeadSHA,
		Status:     github.StatusCompleted,
		Conclusion: github.Conclusion(g.Conclusion),
		DetailsURL: t.DetailsURL,
		ExternalID: id.RunExternalID(t.Run, t.HeadSHA),
		Output: github.CheckOutput{
			Title:       inert.Text(g.Title),
			Summary:     checkSummary(res, g),
			Text:        checkText(g),
			FullResults: fullResultsPointer(t),
			Annotations: github.AnnotationsFromDiagnostics(g.Diagnostics),
		},
	}
}

func fullResultsPointer(t Target) string {
	if t.DetailsURL != "" {
		return "the results document artifact of " + t.DetailsURL
	}
	return "the storygate results document of this run"
}
