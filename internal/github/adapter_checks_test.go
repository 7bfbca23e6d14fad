package github_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
)

const (
	createRoute = "/repos/{owner}/{repo}/check-runs"
	updateRoute = "/repos/{owner}/{repo}/check-runs/{check_run_id}"
)

func annotations(n int) []github.Annotation {
	out := make([]github.Annotation, n)
	for i := range out {
		out[i] = github.Annotation{Path: "stories/s.md", StartLine: i + 1, EndLine: i + 1, Level: github.LevelWarning, Title: "rule", Message: fmt.Sprintf("finding %d", i)}
	}
	return out
}

func TestCreateCheckRunBatchesAnnotations(t *testing.T) {
	for _, tc := range []struct{ annotations, creates, updates int }{
		{0, 1, 0}, {50, 1, 0}, {51, 1, 1}, {120, 1, 2},
	} {
		t.Run(fmt.Sprint(tc.annotations), func(t *testing.T) {
			a, fake, _ := setup(t)
			run := github.CheckRun{Name: "storygate / stories", HeadSHA: strings.Repeat("a", 40), Conclusion: github.ConclusionFailure,
				Output: github.CheckOutput{Title: "t", Summary: "s", Annotations: annotations(tc.annotations)}}
			id, err := a.CreateCheckRun(context.Background(), repo, run)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(fake.CallsTo("POST", createRoute)); got != tc.creates {
				t.Errorf("creates = %d, want %d", got, tc.creates)
			}
			if got := len(fake.CallsTo("PATCH", updateRoute)); got != tc.updates {
				t.Errorf("updates = %d, want %d", got, tc.updates)
			}
			runs := fake.CheckRuns()
			if len(runs) != 1 || runs[0].ID != id || len(runs[0].Annotations) != tc.annotations {
				t.Fatalf("runs = %+v, want one with id %d and %d annotations", runs, id, tc.annotations)
			}
			if got := runs[0].Annotations; tc.annotations > 0 && got[len(got)-1].Message != fmt.Sprintf("finding %d", tc.annotations-1) {
				t.Errorf("last annotation = %+v, want them in order", got[len(got)-1])
			}
		})
	}
}

func TestCheckRunConclusions(t *testing.T) {
	for _, c := range []github.Conclusion{github.ConclusionNeutral, github.ConclusionSkipped, github.ConclusionActionRequired, github.ConclusionFailure, github.ConclusionSuccess} {
		a, fake, _ := setup(t)
		_, err := a.CreateCheckRun(context.Background(), repo, github.CheckRun{Name: "g", HeadSHA: "abc", Conclusion: c, DetailsURL: "https://example.com/run"})
		if err != nil {
			t.Fatal(err)
		}
		if got := fake.CheckRuns()[0]; got.Conclusion != string(c) || got.Status != "completed" {
			t.Errorf("conclusion %s: fake holds %q/%q", c, got.Status, got.Conclusion)
		}
	}
}

func TestUpdateCheckRunCompletesAnInProgressRun(t *testing.T) {
	a, fake, _ := setup(t)
	ctx := context.Background()
	run := github.CheckRun{Name: "storygate / verify", HeadSHA: "abc", Status: github.StatusInProgress}
	id := must[int64](t)(a.CreateCheckRun(ctx, repo, run))
	run.ID, run.Status, run.Conclusion = id, "", github.ConclusionSuccess
	run.Output = github.CheckOutput{Title: "All verified", Summary: "3 stories", Text: "details", Annotations: annotations(60)}
	if err := a.UpdateCheckRun(ctx, repo, run); err != nil {
		t.Fatal(err)
	}
	got := fake.CheckRuns()[0]
	if got.Status != "completed" || got.Conclusion != "success" || got.Title != "All verified" || got.Text != "details" || len(got.Annotations) != 60 {
		t.Errorf("run = %+v", got)
	}
	if n := len(fake.CallsTo("PATCH", updateRoute)); n != 2 {
		t.Errorf("PATCH calls = %d, want 2 (60 annotations)", n)
	}
}

func TestUpdateMissingCheckRunIsNotFound(t *testing.T) {
	a, _, _ := setup(t)
	err := a.UpdateCheckRun(context.Background(), repo, github.CheckRun{ID: 999, Name: "g", Conclusion: github.ConclusionSuccess})
	if !errorsIs(err, github.ErrNotFound) {
		t.Fatalf("err = %v, want ErrNotFound", err)
	}
}

func TestCheckRunOutputIsTrimmed(t *testing.T) {
	a, fake, _ := setup(t)
	long := strings.Repeat("line of the report\n", 10000)
	run := github.CheckRun{Name: "g", HeadSHA: "abc", Conclusion: github.ConclusionFailure,
		Output: github.CheckOutput{Title: "t", Summary: long, Text: long, FullResults: "artifact storygate-results"}}
	if _, err := a.CreateCheckRun(context.Background(), repo, run); err != nil {
		t.Fatal(err)
	}
	got := fake.CheckRuns()[0]
	for name, s := range map[string]string{"summary": got.Summary, "text": got.Text} {
		if len(s) >= github.MaxOutputBytes {
			t.Errorf("%s is %d bytes, want < %d", name, len(s), github.MaxOutputBytes)
		}
		if !strings.Contains(s, "full results: artifact storygate-results") {
			t.Errorf("%s lacks the pointer line: …%q", name, s[len(s)-120:])
		}
	}
}
