package appbot

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"

	"github.com/storygate/storygate/internal/bot"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
)

// The gate job's upload, as the shipped gate workflow names it, and the
// document in it.
const (
	resultsArtifact = "storygate-results"
	resultsFile     = "results.json"
	// maxArtifact bounds the archive read: a results document is a few
	// megabytes at most; GitHub's webhook cap is a fair ceiling.
	maxArtifact = github.MaxPayloadBytes
)

// workflowRun publishes a completed run of the repository's gate workflow,
// as `storygate publish` does in the shipped publish workflow: the
// privileged half, without a workflow. A run of any other workflow, or
// one that neither passed nor failed (cancelled, skipped), is ignored, as
// the publish workflow's condition skips it.
func (h *Handler) workflowRun(ev github.Event) (work, string) {
	wr := ev.WorkflowRun
	switch {
	case ev.Action != "completed" || wr == nil:
		return work{}, "workflow_run " + ev.Action + " is not a completed run"
	case path.Base(wr.Path) != h.deps.GateWorkflow || path.Dir(wr.Path) != ".github/workflows":
		return work{}, fmt.Sprintf("workflow_run of %q, not the gate workflow .github/workflows/%s", wr.Path, h.deps.GateWorkflow)
	case wr.Conclusion != "success" && wr.Conclusion != "failure":
		return work{}, "the gate run's conclusion is " + wr.Conclusion + ": there is nothing to publish"
	}
	return work{at: at(ev.HeadSHA), do: h.publish}, ""
}

// publish downloads the gate job's document, clones the default branch
// with the run's head and the commits the document says were judged (as
// data: nothing is checked out but the default branch), and runs the
// Action's publish on it, which checks the document against GitHub before
// it posts the check runs and the sticky comment as the App.
func (h *Handler) publish(ctx context.Context, r *run) error {
	doc, err := r.client.RunArtifact(ctx, r.ev.Repo, r.ev.WorkflowRun.ID, resultsArtifact, maxArtifact)
	if err != nil && !errors.Is(err, github.ErrNoArtifact) {
		return err
	}
	results, err := unpackResults(doc)
	if err != nil {
		return err
	}
	base, err := policyRef(ctx, r)
	if err != nil {
		return err
	}
	ws, err := h.openWorkspace(ctx, r, base, []string{r.ev.HeadSHA}, judgedCommits(results))
	if err != nil {
		return err
	}
	defer ws.remove()
	resultsPath := filepath.Join(ws.tmp, resultsFile)
	if results != nil {
		if err := os.WriteFile(resultsPath, results, 0o600); err != nil {
			return err
		}
	}
	b := h.bot(r, ws, "GITHUB_RUN_ID", strconv.FormatInt(r.ev.WorkflowRun.ID, 10))
	err = b.Publish(ctx, bot.PublishOptions{Results: resultsPath, Root: ws.root, ConfigFile: ws.config})
	ws.logOutput(r.log)
	if errors.Is(err, bot.ErrUsage) {
		// Refused (a document that does not belong where it would go, a
		// missing one reported on the head): the Action's exit 2, final;
		// a redelivery would be refused the same way.
		r.log.Warn("publish refused", "error", err.Error())
		return nil
	}
	return err
}

// unpackResults is results.json of the artifact's archive, nil without an
// artifact (the Action's publish reports a missing document on the head).
func unpackResults(archive []byte) ([]byte, error) {
	if archive == nil {
		return nil, nil
	}
	zr, err := zip.NewReader(bytes.NewReader(archive), int64(len(archive)))
	if err != nil {
		return nil, fmt.Errorf("artifact %s: %w", resultsArtifact, err)
	}
	for _, f := range zr.File {
		if f.Name != resultsFile {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("artifact %s: %w", resultsArtifact, err)
		}
		defer rc.Close()
		data, err := io.ReadAll(io.LimitReader(rc, maxArtifact+1))
		if err != nil || len(data) > maxArtifact {
			return nil, fmt.Errorf("artifact %s: %s unreadable or over %d bytes: %v", resultsArtifact, resultsFile, maxArtifact, err)
		}
		return data, nil
	}
	return nil, nil
}

// judgedCommits are the commits the document says it judged: only where
// to fetch from, never trusted (publish checks them against GitHub).
func judgedCommits(doc []byte) []string {
	res, err := parseResults(doc)
	if err != nil || res.Judged == nil {
		return nil
	}
	var out []string
	for _, sha := range []string{res.Judged.Head, res.Judged.Base, res.Judged.MergeBase} {
		if fullCommit.MatchString(sha) {
			out = append(out, sha)
		}
	}
	return out
}

// policyRef is where the repository's own policy is looked for, by
// GitHub's word, never the document's: the base of the run's pull request
// as GitHub has it now, else (a dispatched run, a fork's) the default
// branch.
func policyRef(ctx context.Context, r *run) (string, error) {
	if prs := r.ev.WorkflowRun.PullRequests; len(prs) == 1 {
		pr, err := r.client.PullRequest(ctx, r.ev.Repo, prs[0])
		if err != nil {
			return "", fmt.Errorf("read pull request #%d: %w", prs[0], err)
		}
		return pr.BaseSHA, nil
	}
	return r.ev.DefaultBranch, nil
}

func parseResults(doc []byte) (*gate.Results, error) {
	if doc == nil {
		return nil, errors.New("no document")
	}
	return gate.Read(bytes.NewReader(doc))
}
