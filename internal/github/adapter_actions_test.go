package github_test

import (
	"context"
	"testing"
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
