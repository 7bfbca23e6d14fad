package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/verify"
)

// guardedDoneStory is the harness's done STORY-001 renamed to id, whose V1
// passes only while src/orders/x.go does not say BROKEN; its scope.write
// covers src/orders/.
func guardedDoneStory(t *testing.T, id string) string {
	s := strings.Replace(doneDemoStory(t), `command: "true"`, `command: "! grep -q BROKEN src/orders/x.go"`, 1)
	return strings.ReplaceAll(s, "STORY-001", id)
}

// impactedHarness is a pull request that touches no story: its base holds
// the harness's stories but the generating STORY-003 (so that no story
// generates in the change: a human's change), the done stories (path →
// story) and the orders code they verify, and its head changes the files
// in change.
func impactedHarness(t *testing.T, stories, change map[string]string) *harness {
	h := newHarness(t)
	h.repo.Remove("stories/STORY-003.md")
	h.repo.Write(map[string]string{"src/orders/x.go": "package orders\n", "docs/notes.md": "notes\n"})
	h.repo.Write(stories)
	h.base = h.repo.Commit("accepted work")
	h.repo.Write(change)
	h.head = h.repo.Commit("a change that touches no story")
	h.event("pull_request", "pull_request.synchronize")
	return h
}

// verifyRun is the verify check run the fake GitHub holds.
func (h *harness) verifyRun() (conclusion, title, text string) {
	h.t.Helper()
	for _, r := range h.fake.CheckRuns() {
		if r.Name == "storygate / verify" {
			return r.Conclusion, r.Title, r.Summary + "\n" + r.Text
		}
	}
	h.t.Fatalf("no verify check run among %v", h.checkRuns())
	return "", "", ""
}

// TestActionChangeBreakingAcceptedWorkFails is the attack: a pull request
// that touches no story but breaks the code a done story's verification
// covers fails verify, with a finding naming the story whose accepted work
// broke, in the check run and the comment. The controls: the same file
// changed so that the verification still passes is success, and a file
// no story's scope covers reruns nothing.
func TestActionChangeBreakingAcceptedWorkFails(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		change  map[string]string
		outcome status
		verify  string
		reruns  int
	}{
		{"breaks the done story's code", map[string]string{"src/orders/x.go": "package orders // BROKEN\n"}, failed, "failure", 2},
		{"changes its code honestly", map[string]string{"src/orders/x.go": "package orders // faster\n"}, passed, "success", 2},
		{"changes a file no story covers", map[string]string{"docs/notes.md": "BROKEN\n"}, passed, "neutral", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := impactedHarness(t, map[string]string{"stories/STORY-001.md": guardedDoneStory(t, "STORY-001")}, c.change)
			if got := h.action(); got != c.outcome {
				t.Fatalf("got %s, want %s\n%s\n%+v", got, c.outcome, h.stderr.String(), h.document().Gates)
			}
			conclusion, title, _ := h.verifyRun()
			if conclusion != c.verify {
				t.Errorf("storygate / verify = %s (%q), want %s", conclusion, title, c.verify)
			}
			g, _ := h.document().Gate(gate.Verify)
			reran := 0
			for _, s := range h.document().Stories {
				reran += len(s.Verification)
			}
			if reran != c.reruns || (c.reruns > 0) != strings.Contains(g.Title, "1 story the change reaches but does not touch rerun") {
				t.Errorf("%d reruns, want %d; title %q", reran, c.reruns, g.Title)
			}
			body := h.fake.Comments(prRepo, prNumber)[0].Body
			broken := c.verify == "failure"
			if got := strings.Contains(body, verify.RuleAcceptedWorkBroken) && strings.Contains(body, "STORY-001 (done)"); got != broken {
				t.Errorf("the comment names the broken story: %v, want %v\n%s", got, broken, body)
			}
			annotated := false
			for _, r := range h.fake.CheckRuns() {
				for _, a := range r.Annotations {
					annotated = annotated || (r.Name == "storygate / verify" && a.Path == "stories/STORY-001.md" && strings.Contains(a.Message, "src/orders/x.go"))
				}
			}
			if annotated != broken {
				t.Errorf("verify annotates STORY-001 with the changed path: %v, want %v", annotated, broken)
			}
		})
	}
}

// TestActionImpactedRerunsAreCapped: with verify.max_impacted 1 and three
// done stories the change reaches, the first by path (STORY-001) is rerun
// (and fails verify), and the
// check run and the comment say the other two were left to the scheduled
// re-verification.
func TestActionImpactedRerunsAreCapped(t *testing.T) {
	stories := map[string]string{".github/storygate.yml": "verify:\n  max_impacted: 1\n", "stories/STORY-001.md": guardedDoneStory(t, "STORY-001")}
	for i := 1; i <= 2; i++ {
		id := fmt.Sprintf("STORY-10%d", i)
		stories["stories/"+id+".md"] = guardedDoneStory(t, id)
	}
	h := impactedHarness(t, stories, map[string]string{"src/orders/x.go": "package orders // BROKEN\n"})
	if got := h.action(); got != failed {
		t.Fatalf("got %s, want failed\n%s", got, h.stderr.String())
	}
	conclusion, title, text := h.verifyRun()
	left := "2 more left to the scheduled re-verification (verify.max_impacted: 1)"
	if conclusion != "failure" || !strings.Contains(title, left) || !strings.Contains(text, "2 not rerun here") {
		t.Errorf("storygate / verify = %s, title %q, text:\n%s", conclusion, title, text)
	}
	body := h.fake.Comments(prRepo, prNumber)[0].Body
	if !strings.Contains(body, "2 more left to the scheduled re-verification") || !strings.Contains(body, "2 not rerun here") || !strings.Contains(body, "STORY-001 (done)") || strings.Contains(body, "STORY-101 (done)") || strings.Contains(body, "STORY-102 (done)") {
		t.Errorf("the comment must name the one story rerun and say two were left:\n%s", body)
	}
}

// TestPublishCarriesTheBrokenAcceptedWork: in the two-phase flow the
// unprivileged half reruns the impacted story, and publish posts its
// failure (taken from the document, as every verify verdict is) with the
// finding naming the story; the control, an honest change, is posted as
// success.
func TestPublishCarriesTheBrokenAcceptedWork(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		code   string
		report status
		verify string
	}{{"package orders // BROKEN\n", failed, "failure"}, {"package orders // faster\n", passed, "success"}} {
		t.Run(c.verify, func(t *testing.T) {
			h := impactedHarness(t, map[string]string{"stories/STORY-001.md": guardedDoneStory(t, "STORY-001")}, map[string]string{"src/orders/x.go": c.code})
			h.env["GITHUB_RUN_ID"] = uploadingRun
			h.event("pull_request", "pull_request.opened", forkPullRequest)
			if got := h.action(); got != c.report {
				t.Fatalf("report-only got %s, want %s\n%s", got, c.report, h.stderr.String())
			}
			publishHalf(t, h, h.head)
			if got := h.publish(h.results); got != passed {
				t.Fatalf("publish got %s\n%s", got, h.stderr.String())
			}
			conclusion, title, _ := h.verifyRun()
			if conclusion != c.verify || !strings.Contains(title, "1 story the change reaches but does not touch rerun") {
				t.Errorf("published storygate / verify = %s, %q; want %s", conclusion, title, c.verify)
			}
			body := h.fake.Comments(prRepo, prNumber)[0].Body
			if got := strings.Contains(body, verify.RuleAcceptedWorkBroken) && strings.Contains(body, "STORY-001 (done)"); got != (c.verify == "failure") {
				t.Errorf("the published comment names the broken story: %v\n%s", got, body)
			}
		})
	}
}
