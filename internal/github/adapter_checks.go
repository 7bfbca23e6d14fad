package github

import (
	"context"
	"fmt"
	"time"

	gh "github.com/google/go-github/v62/github"
)

// CreateCheckRun implements Checks. A create whose answer was lost is
// sent again only after looking for the run it may have made: one of the
// same name and external_id on the head commit. (Not the details URL:
// GitHub replaces it on runs made with a workflow's GITHUB_TOKEN.) The
// external_id must be this run's own (gate.Identity.RunExternalID), or
// another run's check run would be taken for this one's. After a resend,
// duplicates of the key are settled (settleCheckRunDuplicates).
// A recognisable create carries no annotations: they all go, batch by
// batch, to the run kept, so a duplicate GitHub made late shows none
// twice (annotations cannot be taken back).
func (a *Adapter) CreateCheckRun(ctx context.Context, repo Repo, run CheckRun) (int64, error) {
	groups := batches(run.Output.Annotations)
	if run.ExternalID != "" && len(groups[0]) > 0 {
		groups = append([][]Annotation{nil}, groups...)
	}
	opts := gh.CreateCheckRunOptions{
		Name:        run.Name,
		HeadSHA:     run.HeadSHA,
		DetailsURL:  optional(run.DetailsURL),
		ExternalID:  optional(run.ExternalID),
		Status:      optional(string(run.Status)),
		Conclusion:  optional(string(run.Conclusion)),
		StartedAt:   optionalTime(run.StartedAt),
		CompletedAt: optionalTime(run.CompletedAt),
		Output:      checkOutput(run, groups[0]),
	}
	create := func(ctx context.Context) (int64, error) {
		created, _, err := a.gh.Checks.CreateCheckRun(ctx, repo.Owner, repo.Name, opts)
		return created.GetID(), err
	}
	var find func(context.Context) (int64, bool, error)
	if run.ExternalID != "" {
		find = func(ctx context.Context) (int64, bool, error) { return a.findCheckRun(ctx, repo, run) }
	}
	id, resent, err := applyOnceNoting(ctx, a.retry, find, create)
	if err != nil {
		return 0, fmt.Errorf("create check run %q on %s: %w", run.Name, repo, err)
	}
	run.ID = id
	if resent && find != nil {
		if run.ID, err = a.settleCheckRunDuplicates(ctx, repo, run); err != nil {
			return 0, err
		}
	}
	return run.ID, a.appendAnnotations(ctx, repo, run, groups[1:], len(groups[0]))
}

// findCheckRun looks on run.HeadSHA for the newest check run with run's
// name and external_id.
func (a *Adapter) findCheckRun(ctx context.Context, repo Repo, run CheckRun) (int64, bool, error) {
	ids, err := a.checkRunsByKey(ctx, repo, run)
	if err != nil || len(ids) == 0 {
		return 0, false, err
	}
	return ids[0], true, nil
}

// UpdateCheckRun implements Checks. An update that carries annotations
// first reads how many the run has, so that a lost answer can be told
// from one that landed (GitHub appends annotations on every update).
func (a *Adapter) UpdateCheckRun(ctx context.Context, repo Repo, run CheckRun) error {
	groups := batches(run.Output.Annotations)
	opts := gh.UpdateCheckRunOptions{
		Name:        run.Name,
		DetailsURL:  optional(run.DetailsURL),
		ExternalID:  optional(run.ExternalID),
		Status:      optional(string(run.Status)),
		Conclusion:  optional(string(run.Conclusion)),
		CompletedAt: optionalTime(run.CompletedAt),
		Output:      checkOutput(run, groups[0]),
	}
	before := 0
	if len(groups[0]) > 0 {
		var err error
		if before, err = a.annotationCount(ctx, repo, run.ID); err != nil {
			return err
		}
	}
	if err := a.patchCheckRun(ctx, repo, run.ID, opts, before); err != nil {
		return fmt.Errorf("update check run %d (%q) on %s: %w", run.ID, run.Name, repo, err)
	}
	return a.appendAnnotations(ctx, repo, run, groups[1:], before+len(groups[0]))
}

// appendAnnotations sends the batches after the first, one update each,
// on a run that has before annotations. Title, summary and text are
// repeated because output is required alongside them.
func (a *Adapter) appendAnnotations(ctx context.Context, repo Repo, run CheckRun, rest [][]Annotation, before int) error {
	for i, batch := range rest {
		opts := gh.UpdateCheckRunOptions{Name: run.Name, Output: checkOutput(run, batch)}
		if err := a.patchCheckRun(ctx, repo, run.ID, opts, before); err != nil {
			return fmt.Errorf("check run %d (%q) on %s: annotation batch %d of %d: %w", run.ID, run.Name, repo, i+2, len(rest)+1, err)
		}
		before += len(batch)
	}
	return nil
}

// patchCheckRun sends one update. One that appends annotations is never
// resent blindly: after a lost answer it is sent again only when the
// run's annotation count shows the first did not land.
func (a *Adapter) patchCheckRun(ctx context.Context, repo Repo, id int64, opts gh.UpdateCheckRunOptions, before int) error {
	appends := opts.Output != nil && len(opts.Output.Annotations) > 0
	patch := func(ctx context.Context) (struct{}, error) {
		if appends {
			ctx = withoutResend(ctx)
		}
		_, resp, err := a.gh.Checks.UpdateCheckRun(ctx, repo.Owner, repo.Name, id, opts)
		return struct{}{}, apiErrorOrNil(fmt.Sprintf("check run %d", id), resp, err)
	}
	if !appends {
		_, err := patch(ctx)
		return err
	}
	want := before + len(opts.Output.Annotations)
	landed := func(ctx context.Context) (struct{}, bool, error) {
		n, err := a.annotationCount(ctx, repo, id)
		return struct{}{}, n >= want, err
	}
	_, err := applyOnce(ctx, a.retry, landed, patch)
	return err
}

// annotationCount reads how many annotations a check run has.
func (a *Adapter) annotationCount(ctx context.Context, repo Repo, id int64) (int, error) {
	run, resp, err := a.gh.Checks.GetCheckRun(ctx, repo.Owner, repo.Name, id)
	if err != nil {
		return 0, apiError(fmt.Sprintf("read check run %d on %s", id, repo), resp, err)
	}
	return run.GetOutput().GetAnnotationsCount(), nil
}

// checkOutput renders the output with one batch of annotations, or nil when
// there is nothing to show. GitHub requires a title and a summary whenever
// output is sent, so the run's name stands in for a missing title.
func checkOutput(run CheckRun, batch []Annotation) *gh.CheckRunOutput {
	out := run.Output
	if out.Title == "" && out.Summary == "" && out.Text == "" && len(batch) == 0 {
		return nil
	}
	title := out.Title
	if title == "" {
		title = run.Name
	}
	return &gh.CheckRunOutput{
		Title:       gh.String(title),
		Summary:     gh.String(TrimOutput(out.Summary, MaxOutputBytes, out.FullResults)),
		Text:        optional(TrimOutput(out.Text, MaxOutputBytes, out.FullResults)),
		Annotations: toAnnotations(batch),
	}
}

func toAnnotations(as []Annotation) []*gh.CheckRunAnnotation {
	out := make([]*gh.CheckRunAnnotation, 0, len(as))
	for _, a := range as {
		out = append(out, toAnnotation(a))
	}
	return out
}

// toAnnotation maps one annotation; columns go only on single-line ones,
// which is all GitHub accepts them for.
func toAnnotation(a Annotation) *gh.CheckRunAnnotation {
	end := max(a.EndLine, a.StartLine)
	out := &gh.CheckRunAnnotation{
		Path:            gh.String(a.Path),
		StartLine:       gh.Int(max(a.StartLine, 1)),
		EndLine:         gh.Int(max(end, 1)),
		AnnotationLevel: gh.String(string(a.Level)),
		Message:         gh.String(a.Message),
		Title:           optional(a.Title),
	}
	if end == a.StartLine && a.StartColumn > 0 {
		out.StartColumn = gh.Int(a.StartColumn)
		out.EndColumn = gh.Int(max(a.EndColumn, a.StartColumn))
	}
	return out
}

// optional returns nil for an empty string so that go-github omits it.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func optionalTime(t time.Time) *gh.Timestamp {
	if t.IsZero() {
		return nil
	}
	return &gh.Timestamp{Time: t}
}
