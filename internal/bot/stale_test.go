package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// patient are timeouts no held request outlasts: a run whose request the
// fake holds waits for the test, never for a clock.
var patient = github.Timeouts{Request: 10 * time.Minute, Deadline: 20 * time.Minute}

// successiveHeads is a pull request pushed twice: X, the harness's head
// (STORY-003 broken, the gate fails), then Y, which drops STORY-003 (the
// gate passes). Each head has its synchronize event in a file of its own
// and a checkout of its own, as each run's job checks out its head.
type successiveHeads struct {
	*harness
	x, y           string
	xEvent, yEvent string
	xRoot          string
}

func newSuccessiveHeads(t *testing.T) *successiveHeads {
	h := newHarness(t)
	s := &successiveHeads{harness: h, x: h.head}
	h.repo.Remove("stories/STORY-003.md")
	s.y = h.repo.Commit("drop the broken story")
	s.xEvent, s.yEvent = s.eventFile(s.x), s.eventFile(s.y)
	s.xRoot = filepath.Join(t.TempDir(), "x")
	testrepo.GitCLI(t, h.tmp, "clone", "-q", h.repo.Root, s.xRoot)
	testrepo.GitCLI(t, s.xRoot, "checkout", "-q", "--detach", s.x)
	return s
}

// eventFile writes the synchronize event of head.
func (s *successiveHeads) eventFile(head string) string {
	s.t.Helper()
	return s.writeEvent("synchronize-"+head, githubtest.LoadWebhook(s.t, "pull_request.synchronize", head, s.base))
}

// writeEvent writes an event payload to a file of its own, named name.
func (s *successiveHeads) writeEvent(name string, payload []byte) string {
	s.t.Helper()
	path := filepath.Join(s.tmp, name+".json")
	if err := os.WriteFile(path, payload, 0o644); err != nil {
		s.t.Fatal(err)
	}
	return path
}

// runX and runY are runs of the gate for X and for Y.
func (s *successiveHeads) runX(r *run) status {
	return s.runIn(r, patient, "pull_request", s.xEvent, s.xRoot)
}

func (s *successiveHeads) runY(r *run) status {
	return s.runEvent(r, patient, "pull_request", s.yEvent)
}

// freshGitHub gives the harness a new fake GitHub whose pull request is at
// head, for a trial of its own.
func (s *successiveHeads) freshGitHub(head string) {
	s.fake = githubtest.New(s.t, githubtest.WithRunName(gateRunName))
	s.env["GITHUB_API_URL"], s.env["GITHUB_TOKEN"] = s.fake.URL, s.fake.Token
	s.fake.AddPullRequest(prRepo, githubtest.PullRequest{Number: prNumber, HeadSHA: head, BaseSHA: s.base, HeadRef: "changes"})
}

// checkReportOf fails unless the pull request's only comment is head's
// report, the one its gate wrote (Y's names no STORY-003, X's does).
func (s *successiveHeads) checkReportOf(head string) {
	s.t.Helper()
	comments := s.fake.Comments(prRepo, prNumber)
	if len(comments) != 1 {
		s.t.Fatalf("%d comments, want only %s's report: %+v", len(comments), shortSHA(head), comments)
	}
	reported, _ := github.ReportedHead(comments[0].Body)
	if reported != head || strings.Contains(comments[0].Body, "STORY-003") != (head == s.x) {
		s.t.Fatalf("the comment is the report of %s, want %s's:\n%s", shortSHA(reported), shortSHA(head), comments[0].Body)
	}
}

// checkRunsOn returns the check runs on head by name.
func (s *successiveHeads) checkRunsOn(head string) map[string]githubtest.CheckRun {
	out := map[string]githubtest.CheckRun{}
	for _, c := range s.fake.CheckRuns() {
		if c.HeadSHA == head {
			out[c.Name] = c
		}
	}
	return out
}

// TestAStaleRunWritesOnlyItsSupersededCheckRuns: the pull request moved
// from X to Y and Y's run reported. The attack: a run for X comes after
// (a re-run of X's workflow run or a slow runner, or the gate dispatched
// for X); it posts its check runs on X, marked superseded and with X's
// true conclusion, writes no comment and leaves Y's report. The controls:
// Y's own run writes everything, and after a force-push back to X, X is
// the head again and its run's report replaces Y's.
func TestAStaleRunWritesOnlyItsSupersededCheckRuns(t *testing.T) {
	s := newSuccessiveHeads(t)
	s.freshGitHub(s.y)
	if got := s.runY(&run{id: "301"}); got != passed {
		t.Fatalf("Y's run: %s, want passed", got)
	}
	s.checkReportOf(s.y)
	for name, c := range s.checkRunsOn(s.y) {
		if strings.Contains(c.Title, "superseded") {
			t.Errorf("control: Y's %s is marked superseded: %q", name, c.Title)
		}
	}
	dispatched := s.dispatchFile(s.x)
	for name, stale := range map[string]func(*run) status{
		"a re-run of X's pull_request run": s.runX,
		"the gate dispatched for X":        func(r *run) status { return s.runIn(r, patient, "workflow_dispatch", dispatched, s.xRoot) },
	} {
		s.fake.ResetCalls()
		r := &run{id: "302"}
		if got := stale(r); got != failed {
			t.Fatalf("%s: %s, want failed, its true conclusion\n%s", name, got, r.stderr.String())
		}
		s.checkOnlySupersededRuns(name)
		s.checkReportOf(s.y)
		if !strings.Contains(r.stderr.String(), "superseded: #2 is at "+shortSHA(s.y)) {
			t.Errorf("%s does not say it was superseded:\n%s", name, r.stderr.String())
		}
	}
	s.fake.MoveHead(prRepo, prNumber, s.x)
	if got := s.runX(&run{id: "303"}); got != failed {
		t.Fatalf("control: X's run after the force-push back: %s, want failed", got)
	}
	s.checkReportOf(s.x)
}

// checkOnlySupersededRuns fails unless the calls since ResetCalls wrote
// nothing but one check run per gate on X, each marked superseded by Y,
// with X's true conclusions.
func (s *successiveHeads) checkOnlySupersededRuns(name string) {
	s.t.Helper()
	posted := map[string]string{}
	for _, call := range s.fake.Calls() {
		if call.Method == "GET" {
			continue
		}
		body := call.JSON()
		output, _ := body["output"].(map[string]any)
		title, _ := output["title"].(string)
		summary, _ := output["summary"].(string)
		marked := strings.HasPrefix(title, "superseded by "+s.y[:7]+": ") && strings.Contains(summary, "no longer the head of #2")
		// A check run is created without annotations and its batches
		// follow as updates (docs/github.md, "Annotations are never
		// doubled"): an update of a run this run posted, still marked,
		// changing no conclusion, is part of posting it.
		if call.Method == "PATCH" && call.Route == oneCheckRunRoute && marked && body["conclusion"] == nil {
			if _, ok := posted[body["name"].(string)]; ok {
				continue
			}
		}
		if call.Route != checkRunsRoute || body["head_sha"] != s.x || !marked {
			s.t.Errorf("%s wrote %s %s: %s", name, call.Method, call.Path, call.Body)
			continue
		}
		posted[body["name"].(string)], _ = body["conclusion"].(string)
	}
	if !equalMaps(posted, gateChecks) {
		s.t.Errorf("%s posted %v on X, want %v", name, posted, gateChecks)
	}
}

// dispatchFile writes the workflow_dispatch event of the gate started for
// the pull request at head, as the slash-command handler starts it.
func (s *successiveHeads) dispatchFile(head string) string {
	s.t.Helper()
	inputs := map[string]any{dispatchPullRequest: "2", dispatchHead: head, dispatchBase: s.base}
	payload := githubtest.LoadWebhook(s.t, "workflow_dispatch", head, s.base, githubtest.WithRepo("Codertocat", "Hello-World"),
		func(p map[string]any) { p["inputs"] = inputs })
	return s.writeEvent("dispatch-"+head, payload)
}

// TestConcurrentRunsOnSuccessiveHeadsEndWithTheNewer: runs for X and then
// Y at once, interleaved on purpose by holding one of X's requests (or
// both runs' comment writes) in the fake until the other run is done.
// Every trial ends with Y's report as the pull request's only comment and
// Y's check runs on Y unmarked; X's check runs are only on X.
func TestConcurrentRunsOnSuccessiveHeadsEndWithTheNewer(t *testing.T) {
	s := newSuccessiveHeads(t)
	interleavings := []struct {
		name string
		// hold is the request of X's held until Y's run is done.
		method, route string
	}{
		{"X's comment lands after Y's run", "POST", commentsRoute},
		{"X's check runs land after Y's run", "POST", checkRunsRoute},
		{"X reads the comments after Y's run", "GET", commentsRoute},
		{"X reads the head again after Y's run", "GET", pullRoute},
	}
	// The held request fixes the order, so each interleaving is one trial:
	// a repeat runs the same order again.
	for trial, il := range interleavings {
		s.freshGitHub(s.x)
		if il.route == pullRoute {
			// The first read is before any write: let it pass, hold the
			// second.
			s.fake.PauseNext(il.method, il.route).Release()
		}
		held := s.fake.PauseNext(il.method, il.route)
		x, xDone := &run{id: "401"}, make(chan status)
		go func() { xDone <- s.runX(x) }()
		<-held.Arrived()
		s.fake.MoveHead(prRepo, prNumber, s.y)
		y := &run{id: "402"}
		if got := s.runY(y); got != passed {
			t.Fatalf("trial %d (%s): Y's run %s, want passed\n%s", trial, il.name, got, y.stderr.String())
		}
		held.Release()
		if got := <-xDone; got != failed {
			t.Fatalf("trial %d (%s): X's run %s, want failed\n%s", trial, il.name, got, x.stderr.String())
		}
		s.checkReportOf(s.y)
		for name, c := range s.checkRunsOn(s.y) {
			if strings.Contains(c.Title, "superseded") || !strings.HasSuffix(c.DetailsURL, "/runs/402") {
				t.Errorf("trial %d (%s): %s on Y: %q from %s", trial, il.name, name, c.Title, c.DetailsURL)
			}
		}
		if onY, onX := len(s.checkRunsOn(s.y)), len(s.checkRunsOn(s.x)); onY != len(gateChecks) || onX != len(gateChecks) {
			t.Errorf("trial %d (%s): %d check runs on Y and %d on X, want %d each", trial, il.name, onY, onX, len(gateChecks))
		}
	}
}

// pullRoute is where a run reads the pull request's head.
const pullRoute = "/repos/{owner}/{repo}/pulls/{pull_number}"

// TestAPublishOvertakenByAPushPostsOnlySupersededCheckRuns: publish found
// the pull request at the document's head, recomputed, and by the time it
// is about to write a push has moved the head (held here until the push
// is made). The attack: it posts the check runs on its own commit marked
// superseded and no comment, and exits 0. The control, the head still
// where it was, posts the report.
func TestAPublishOvertakenByAPushPostsOnlySupersededCheckRuns(t *testing.T) {
	t.Parallel()
	for name, pushed := range map[string]bool{"a push before the first write": true, "no push": false} {
		t.Run(name, func(t *testing.T) { publishOvertaken(t, pushed) })
	}
}

func publishOvertaken(t *testing.T, pushed bool) {
	h := newHarness(t)
	reportOnlyHalf(t, h)
	publishHalf(t, h, h.head)
	h.fake.PauseNext("GET", pullRoute).Release() // binding the document to the pull request
	held := h.fake.PauseNext("GET", pullRoute)   // the check before the first write
	done := make(chan status)
	go func() { done <- h.publish(h.results) }()
	<-held.Arrived()
	newer := strings.Repeat("e", 40)
	if pushed {
		h.fake.MoveHead(prRepo, prNumber, newer)
	}
	held.Release()
	if code := <-done; code != passed {
		t.Fatalf("pushed=%v: publish got %s\n%s", pushed, code, h.stderr.String())
	}
	runs, comments := h.fake.CheckRuns(), h.fake.Comments(prRepo, prNumber)
	if len(runs) != len(gateChecks) || runs[0].HeadSHA != h.head || runs[0].Conclusion != "failure" {
		t.Errorf("pushed=%v: check runs %+v, want one per gate on the document's head, stories failing", pushed, runs)
	}
	for _, r := range runs {
		if strings.HasPrefix(r.Title, "superseded by "+newer[:7]+": ") != pushed {
			t.Errorf("pushed=%v: %s titled %q", pushed, r.Name, r.Title)
		}
	}
	if (len(comments) == 0) != pushed {
		t.Errorf("pushed=%v: %d comments", pushed, len(comments))
	}
}
