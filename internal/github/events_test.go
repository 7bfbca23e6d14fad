package github_test

import (
	"os"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

var (
	testHead = strings.Repeat("1", 40)
	testBase = strings.Repeat("2", 40)
)

func parse(t *testing.T, kind string, payload []byte) github.Event {
	t.Helper()
	ev, err := github.ParseEvent(kind, payload)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestParsePullRequestEvents(t *testing.T) {
	for _, action := range []string{"opened", "synchronize", "reopened"} {
		ev := parse(t, "pull_request", githubtest.LoadWebhook(t, "pull_request."+action, testHead, testBase))
		if ev.Action != action || ev.Repo.FullName() != "Codertocat/Hello-World" || ev.PRNumber != 2 || !ev.OnPullRequest ||
			ev.HeadSHA != testHead || ev.BaseSHA != testBase || ev.HeadRef != "changes" || ev.BaseRef != "master" ||
			ev.HeadRepo != "Codertocat/Hello-World" || ev.PRAuthor.Login != "Codertocat" || ev.InstallationID == 0 {
			t.Errorf("%s: %+v", action, ev)
		}
	}
}

func TestParseMergeGroup(t *testing.T) {
	ev := parse(t, "merge_group", githubtest.LoadWebhook(t, "merge_group.checks_requested", testHead, testBase))
	if ev.Action != "checks_requested" || ev.HeadSHA != testHead || ev.BaseSHA != testBase || ev.BaseRef != "refs/heads/main" ||
		!strings.HasPrefix(ev.HeadRef, "refs/heads/gh-readonly-queue/main/") || ev.Repo.FullName() != "octo-org/octo-repo" || ev.PRNumber != 0 {
		t.Errorf("%+v", ev)
	}
}

func TestParseCheckRunRerequested(t *testing.T) {
	payload := githubtest.LoadWebhook(t, "check_run.rerequested", testHead, "")
	ev := parse(t, "check_run", payload)
	if ev.Action != "rerequested" || ev.HeadSHA != testHead || ev.CheckRun == nil || ev.CheckRun.ID != 4 || ev.CheckRun.Name != "randscape" || ev.InstallationID != 1 {
		t.Errorf("%+v (check run %+v)", ev, ev.CheckRun)
	}
	if strings.Contains(string(payload), "d6fde92930d4715a2b49857d24b940956b26d2d3") {
		t.Error("the original head SHA survived the rewrite")
	}
}

func TestParseIssueComment(t *testing.T) {
	ev := parse(t, "issue_comment", githubtest.LoadWebhook(t, "issue_comment.created", "", ""))
	c := ev.Comment
	if ev.Action != "created" || ev.PRNumber != 1 || ev.OnPullRequest || c == nil || c.ID != 492700400 || c.Author.Login != "Codertocat" ||
		c.Author.Type != "User" || c.Edited() || !strings.Contains(c.HTMLURL, "issuecomment-492700400") {
		t.Errorf("%+v (comment %+v)", ev, c)
	}
	edited := parse(t, "issue_comment", githubtest.LoadWebhook(t, "issue_comment.edited", "", ""))
	if edited.Action != "edited" || !edited.Comment.Edited() {
		t.Errorf("edited: %+v (comment %+v)", edited, edited.Comment)
	}
}

func TestWebhookEditsForSlashCommandTests(t *testing.T) {
	payload := githubtest.LoadWebhook(t, "issue_comment.created", "", "",
		githubtest.WithRepo("octo", "demo"),
		githubtest.OnPullRequest("octo/demo", 12),
		githubtest.WithComment(77, "/approve-plan story-001 ok", githubtest.User{Login: "reviewer"}))
	ev := parse(t, "issue_comment", payload)
	if ev.Repo != repo || ev.PRNumber != 12 || !ev.OnPullRequest || ev.Comment.ID != 77 || ev.Comment.Body != "/approve-plan story-001 ok" ||
		ev.Comment.Author.Login != "reviewer" || ev.Sender.Login != "reviewer" {
		t.Errorf("%+v (comment %+v)", ev, ev.Comment)
	}
}

func TestParseEventErrors(t *testing.T) {
	if _, err := github.ParseEvent("pull_request", []byte("{not json")); err == nil {
		t.Error("want an error for broken JSON")
	}
	ev, err := github.ParseEvent("workflow_dispatch", []byte(`{"repository":{"full_name":"octo/demo"}}`))
	if err != nil || ev.Repo != repo || ev.Kind != "workflow_dispatch" {
		t.Errorf("other kinds keep the common fields: %+v, %v", ev, err)
	}
}

func TestParseWorkflowDispatchInputs(t *testing.T) {
	payload := `{"repository":{"full_name":"octo/demo"},"inputs":{"pull_request":"7","head_sha":"abc","dry":true,"none":null}}`
	ev, err := github.ParseEvent("workflow_dispatch", []byte(payload))
	if err != nil || ev.Inputs["pull_request"] != "7" || ev.Inputs["head_sha"] != "abc" || ev.Inputs["dry"] != "true" {
		t.Errorf("inputs %v, %v", ev.Inputs, err)
	}
	if _, ok := ev.Inputs["none"]; ok {
		t.Errorf("a null input is no input: %v", ev.Inputs)
	}
	if _, err := github.ParseEvent("workflow_dispatch", []byte(`{"inputs":["x"]}`)); err == nil {
		t.Error("inputs that are not an object must be an error")
	}
}

// TestCheckSuiteNamesItsCommitAndPullRequest: a recorded check_suite
// rerequested payload gives the suite's commit and branch and the pull
// request GitHub lists for it with its base.
func TestCheckSuiteNamesItsCommitAndPullRequest(t *testing.T) {
	t.Parallel()
	payload, err := os.ReadFile("testdata/fuzzseed/check_suite.rerequested.1.json")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := github.ParseEvent(github.EventCheckSuite, payload)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Action != "rerequested" || ev.HeadSHA != "ec26c3e57ca3a959ca5aad62de7213c562f8c821" || ev.HeadRef != "changes" ||
		ev.PRNumber != 2 || ev.BaseSHA != "f95f852bd8fca8fcc58a9a2d6c842781e32a215e" || ev.InstallationID != 957387 {
		t.Errorf("check_suite event %+v", ev)
	}
}
