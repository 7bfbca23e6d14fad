package github_test

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

func TestParseWorkflowRunCompleted(t *testing.T) {
	payload := githubtest.LoadWebhook(t, "workflow_run.completed", testHead, "")
	ev := parse(t, "workflow_run", payload)
	wr := ev.WorkflowRun
	if ev.Action != "completed" || ev.HeadSHA != testHead || ev.HeadRef != "main" || ev.HeadRepo != "octo-org/octo-repo" || wr == nil ||
		wr.ID != 1589141559 || wr.Event != "workflow_dispatch" || ev.DefaultBranch != "main" || !strings.HasSuffix(wr.HTMLURL, "/actions/runs/1589141559") || len(wr.PullRequests) != 0 {
		t.Errorf("%+v (run %+v)", ev, wr)
	}
	if strings.Contains(string(payload), "5779607b49aab1200488439f02372c57b4f75444") {
		t.Error("the original head SHA survived the rewrite")
	}
}

// TestAWorkflowRunNamesItsWorkflowFile: the run's workflow file comes from
// workflow_run.path, or, in payloads that lack it, from workflow.path.
func TestAWorkflowRunNamesItsWorkflowFile(t *testing.T) {
	t.Parallel()
	cases := []struct{ payload, want string }{
		{`{"action":"completed","workflow_run":{"id":1,"path":".github/workflows/storygate.yml"},"workflow":{"path":".github/workflows/other.yml"}}`, ".github/workflows/storygate.yml"},
		{`{"action":"completed","workflow_run":{"id":1},"workflow":{"path":".github/workflows/storygate.yml"}}`, ".github/workflows/storygate.yml"},
		{`{"action":"completed","workflow_run":{"id":1}}`, ""},
	}
	for _, tc := range cases {
		ev, err := github.ParseEvent(github.EventWorkflowRun, []byte(tc.payload))
		if err != nil || ev.WorkflowRun.Path != tc.want {
			t.Errorf("%s: path %q, %v; want %q", tc.payload, ev.WorkflowRun.Path, err, tc.want)
		}
	}
}
