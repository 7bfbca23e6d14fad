package bot

import (
	"path/filepath"
	"testing"
)

// TestPublishMissingDocumentFailsThePullRequest: a gate run that uploaded
// no results document (the hidden .storygate/ path upload-artifact 4.4+
// leaves out) is not silence: under the workflow_run GitHub sends, publish
// posts a failing check run per default gate on the run's head and exits
// 2. Without a workflow_run (a person's command line) it posts nothing.
func TestPublishMissingDocumentFailsThePullRequest(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "results.json")
	t.Run("workflow_run", func(t *testing.T) {
		h := newHarness(t)
		publishHalf(t, h, h.head, func(p map[string]any) {
			run := p["workflow_run"].(map[string]any)
			run["event"], run["pull_requests"] = "pull_request", []any{map[string]any{"number": prNumber}}
		})
		if code := h.publish(missing); code != usageFailure {
			t.Fatalf("publish got %s, want a usage error\n%s", code, h.stderr.String())
		}
		runs := h.fake.CheckRuns()
		if len(runs) != 3 {
			t.Fatalf("want a failing check run per default gate, got %+v", runs)
		}
		for _, r := range runs {
			if r.HeadSHA != h.head || r.Conclusion != "failure" || r.Title != missingTitle {
				t.Errorf("check run %s: head %s conclusion %s title %q", r.Name, r.HeadSHA, r.Conclusion, r.Title)
			}
		}
		if comments := h.fake.Comments(prRepo, prNumber); len(comments) != 1 {
			t.Errorf("want the failure in one sticky comment, got %d", len(comments))
		}
	})
	t.Run("no event", func(t *testing.T) {
		h := newHarness(t)
		delete(h.env, "GITHUB_EVENT_NAME")
		delete(h.env, "GITHUB_EVENT_PATH")
		if code := h.publish(missing); code != usageFailure {
			t.Fatalf("publish got %s, want a usage error\n%s", code, h.stderr.String())
		}
		if n := len(h.fake.Calls()); n != 0 {
			t.Errorf("publish with no event made %d API calls", n)
		}
	})
}
