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
	"github.com/storygate/storygate/internal/report"
)

// Marker is the hidden HTML comment that finds the sticky comment again.
const Marker = "<!-- storygate:sticky -->"

// GitHub is what publishing asks of GitHub.
type GitHub interface {
	github.Checks
	UpsertStickyComment(ctx context.Context, repo github.Repo, number int, marker, body string) (github.Comment, github.StickyResult, error)
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
}

// Outcome is what ToGitHub did.
type Outcome struct {
	CheckRuns []int64
	Comment   github.StickyResult
}

// ToGitHub posts one completed check run per gate, then the sticky comment.
// It costs one request per gate plus one per extra 50 annotations, plus
// the comment lookup's pages and at most one write: nothing grows with the
// number of stories.
func ToGitHub(ctx context.Context, gh GitHub, res *gate.Results, t Target) (Outcome, error) {
	var out Outcome
	if t.HeadSHA == "" {
		return out, fmt.Errorf("publish: no head commit to attach check runs to")
	}
	for _, g := range res.Gates {
		id, err := gh.CreateCheckRun(ctx, t.Repo, checkRun(res, g, t))
		if err != nil {
			return out, fmt.Errorf("publish %s: %w", g.Name.CheckName(), err)
		}
		out.CheckRuns = append(out.CheckRuns, id)
	}
	if t.PullRequest == 0 {
		return out, nil
	}
	body := Marker + "\n" + report.Markdown(res, report.MarkdownOptions{Approvers: t.Approvers})
	_, result, err := gh.UpsertStickyComment(ctx, t.Repo, t.PullRequest, Marker, body)
	if err != nil {
		return out, fmt.Errorf("publish comment on #%d: %w", t.PullRequest, err)
	}
	out.Comment = result
	return out, nil
}

// checkRun builds one gate's completed check run.
func checkRun(res *gate.Results, g gate.Gate, t Target) github.CheckRun {
	return github.CheckRun{
		Name:       g.Name.CheckName(),
		HeadSHA:    t.HeadSHA,
		Status:     github.StatusCompleted,
		Conclusion: github.Conclusion(g.Conclusion),
		DetailsURL: t.DetailsURL,
		ExternalID: "storygate/" + string(g.Name),
		Output: github.CheckOutput{
			Title:       g.Title,
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
