package publish

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

var (
	repo = github.Repo{Owner: "octo", Name: "demo"}
	head = strings.Repeat("c", 40)
)

// newClient is a fake GitHub whose pull requests 3 and 7 of octo/demo are
// at head, as a current run finds them.
func newClient(t *testing.T) (*githubtest.Server, *github.Adapter) {
	t.Helper()
	fake := githubtest.New(t)
	for _, number := range []int{3, 7} {
		fake.AddPullRequest("octo/demo", githubtest.PullRequest{Number: number, HeadSHA: head})
	}
	gh := fake.Adapter()
	return fake, gh
}

// results builds a document with stories stories and annotations findings
// spread over them (all in the stories gate).
func results(stories, findings int) *gate.Results {
	res := &gate.Results{Storygate: "test", Event: gate.Event{Name: "pull_request", HeadSHA: head}}
	var ds []diag.Diagnostic
	for i := 0; i < stories; i++ {
		file := fmt.Sprintf("stories/STORY-%03d.md", i)
		res.Stories = append(res.Stories, gate.Story{File: file, ID: fmt.Sprintf("STORY-%03d", i), State: "ready",
			Transitions: []gate.Transition{{From: "seeded", To: "planning", Event: "begin_planning"}}})
	}
	for i := 0; i < findings; i++ {
		ds = append(ds, diag.Diagnostic{Rule: "x/y", Severity: diag.SeverityWarning, File: res.Stories[i%stories].File, Line: i + 1, Column: 1, Message: "m"})
	}
	res.Gates = []gate.Gate{
		{Name: gate.Stories, Conclusion: gate.Success, Title: "ok", Diagnostics: ds},
		{Name: gate.Verify, Conclusion: gate.Neutral, Title: "nothing to rerun"},
		{Name: gate.RevertCheck, Conclusion: gate.Skipped, Title: "not selected"},
	}
	res.Finish()
	return res
}

func TestChecksAndOneStickyComment(t *testing.T) {
	fake, gh := newClient(t)
	ctx := context.Background()
	target := Target{Repo: repo, HeadSHA: head, PullRequest: 7, DetailsURL: "https://github.com/octo/demo/actions/runs/1"}
	out, err := ToGitHub(ctx, gh, results(2, 60), target)
	if err != nil {
		t.Fatal(err)
	}
	runs := fake.CheckRuns()
	if len(runs) != 3 || len(out.CheckRuns) != 3 || out.Comment != github.StickyCreated {
		t.Fatalf("runs %+v, outcome %+v", runs, out)
	}
	want := map[string]string{"storygate / stories": "success", "storygate / verify": "neutral", "storygate / revert-check": "skipped"}
	for _, r := range runs {
		if want[r.Name] != r.Conclusion || r.Status != "completed" || r.HeadSHA != head {
			t.Errorf("check run %s: %s/%s on %s", r.Name, r.Status, r.Conclusion, r.HeadSHA)
		}
	}
	if n := len(runs[0].Annotations); n != 60 {
		t.Errorf("stories run has %d annotations, want 60", n)
	}
	again, err := ToGitHub(ctx, gh, results(2, 60), target)
	if err != nil || again.Comment != github.StickyUnchanged {
		t.Errorf("same results must leave the comment alone: %+v, %v", again, err)
	}
	changed, err := ToGitHub(ctx, gh, results(3, 60), target)
	if err != nil || changed.Comment != github.StickyUpdated {
		t.Errorf("changed results must edit the comment: %+v, %v", changed, err)
	}
	comments := fake.Comments("octo/demo", 7)
	if len(comments) != 1 || !strings.HasPrefix(comments[0].Body, "<!-- storygate:sticky -->\n") || !strings.Contains(comments[0].Body, "STORY-002") {
		t.Errorf("want exactly one sticky comment, got %d: %+v", len(comments), comments)
	}
}

// TestCallBudgetDoesNotGrowWithStories: one gate run costs at most
// 8 + ⌈annotations/50⌉ + pages of reads, however many stories it covers
// (8: issue 24 added two reads of the pull request's head, before the
// check runs and after the comment).
func TestCallBudgetDoesNotGrowWithStories(t *testing.T) {
	const annotations = 140
	budget := 8 + (annotations+49)/50 + 1 // one page of comments to read
	var first int
	for _, stories := range []int{1, 10, 300} {
		fake, gh := newClient(t)
		if _, err := ToGitHub(context.Background(), gh, results(stories, annotations), Target{Repo: repo, HeadSHA: head, PullRequest: 3}); err != nil {
			t.Fatal(err)
		}
		calls := len(fake.Calls())
		if calls > budget {
			t.Errorf("%d stories: %d calls, budget %d", stories, calls, budget)
		}
		if first == 0 {
			first = calls
		} else if calls != first {
			t.Errorf("%d stories: %d calls, but %d with one story", stories, calls, first)
		}
	}
}

func TestNoPullRequestNoComment(t *testing.T) {
	fake, gh := newClient(t)
	out, err := ToGitHub(context.Background(), gh, results(1, 0), Target{Repo: repo, HeadSHA: head})
	if err != nil || out.Comment != "" || len(fake.CallsTo("GET", "/repos/{owner}/{repo}/issues/{issue_number}/comments")) != 0 {
		t.Errorf("merge queue or manual runs post no comment: %+v, %v", out, err)
	}
}

type outputs map[string]string

func (o outputs) SetOutput(k, v string) { o[k] = v }

func TestSetOutputsAndAnnotate(t *testing.T) {
	res := results(2, 3)
	o := outputs{}
	SetOutputs(o, res, "/tmp/r.json")
	if o["conclusion"] != "success" || o["warnings"] != "3" || o["stories"] != "2" || o["results"] != "/tmp/r.json" {
		t.Errorf("outputs: %v", o)
	}
	var b strings.Builder
	if err := Annotate(&b, res); err != nil {
		t.Fatal(err)
	}
	if strings.Count(b.String(), "::warning file=stories/STORY-") != 3 {
		t.Errorf("annotations:\n%s", b.String())
	}
}

// TestCommentNamesTheApprovers: the comment's next step says who may type
// the command, from the policy the caller trusts.
func TestCommentNamesTheApprovers(t *testing.T) {
	fake, gh := newClient(t)
	res := results(1, 0)
	res.Stories[0].State = "plan_review"
	policy := &config.Approvers{Permission: "maintain", Deny: []string{"agent-7"}}
	if _, err := ToGitHub(context.Background(), gh, res, Target{Repo: repo, HeadSHA: head, PullRequest: 7, Approvers: policy}); err != nil {
		t.Fatal(err)
	}
	comments := fake.Comments("octo/demo", 7)
	if len(comments) != 1 || !strings.Contains(comments[0].Body, "`/approve-plan STORY-000`") ||
		!strings.Contains(comments[0].Body, "maintain permission or higher") || !strings.Contains(comments[0].Body, "`agent-7`") {
		t.Errorf("comment: %+v", comments)
	}
}
