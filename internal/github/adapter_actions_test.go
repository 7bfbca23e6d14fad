package github_test

import (
	"context"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

func TestDispatchWorkflow(t *testing.T) {
	a, fake, _ := setup(t)
	inputs := map[string]string{"pull_request": "7", "head_sha": "abc"}
	if err := a.DispatchWorkflow(context.Background(), repo, "storygate.yml", "main", inputs); err != nil {
		t.Fatal(err)
	}
	got := fake.Dispatches()
	if len(got) != 1 || got[0].Repo != repoName || got[0].Workflow != "storygate.yml" || got[0].Ref != "main" || got[0].Inputs["pull_request"] != "7" {
		t.Errorf("dispatches %+v", got)
	}
	fake.FailNext(1, 403, nil, "Resource not accessible by integration")
	if err := a.DispatchWorkflow(context.Background(), repo, "storygate.yml", "main", nil); err == nil {
		t.Error("a refused dispatch must be an error")
	}
}

// TestWorkflowRun: a dispatch starts a run on the ref's branch, at its
// latest push, by the caller, named after the workflow (or as
// WithRunName says); the adapter reads it back, and a run that does not
// exist is an error.
func TestWorkflowRun(t *testing.T) {
	a, fake, _ := setup(t)
	tip := "5779607b49aab1200488439f02372c57b4f75444"
	fake.Push(repoName, "main", tip, githubtest.User{Login: "maintainer"})
	if err := a.DispatchWorkflow(context.Background(), repo, "storygate.yml", "refs/heads/main", nil); err != nil {
		t.Fatal(err)
	}
	runs := fake.WorkflowRuns()
	if len(runs) != 1 {
		t.Fatalf("a dispatch must start one run, got %+v", runs)
	}
	got, err := a.WorkflowRun(context.Background(), repo, runs[0].ID)
	want := github.WorkflowRun{ID: runs[0].ID, Event: "workflow_dispatch", HeadBranch: "main", HeadSHA: tip, Path: ".github/workflows/storygate.yml",
		Actor: github.User{Login: "github-actions[bot]", Type: "Bot"}, TriggeringActor: github.User{Login: "github-actions[bot]", Type: "Bot"},
		DisplayTitle: "storygate"} // a run the fake was told no run-name for is named after its workflow
	if err != nil || got != want {
		t.Errorf("run %+v, %v; want %+v", got, err, want)
	}
	if _, err := a.WorkflowRun(context.Background(), repo, runs[0].ID+100); err == nil {
		t.Error("a run that does not exist must be an error")
	}
}

// TestWorkflowRunNameIsTheDispatchs: with a run-name, the run a dispatch
// starts is named from its inputs, and the adapter reads the name back.
func TestWorkflowRunNameIsTheDispatchs(t *testing.T) {
	fake := githubtest.New(t, githubtest.WithRunName(func(wf string, in map[string]string) string { return wf + " #" + in["pull_request"] }))
	a := fake.Adapter()
	if err := a.DispatchWorkflow(context.Background(), repo, "storygate.yml", "refs/heads/main", map[string]string{"pull_request": "7"}); err != nil {
		t.Fatal(err)
	}
	runs := fake.WorkflowRuns()
	got, err := a.WorkflowRun(context.Background(), repo, runs[0].ID)
	if err != nil || got.DisplayTitle != "storygate.yml #7" {
		t.Errorf("run %+v, %v: want the name the run-name gives its inputs", got, err)
	}
}
