package gate

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
)

// TestResultsInRepositoryRebasesOnce: the finished document's story and
// revert paths are rebased onto the root's place, the revert verdict
// shared by several stories included, and a second call changes nothing;
// the findings, which the findings pipeline placed already, stay as they
// are.
func TestResultsInRepositoryRebasesOnce(t *testing.T) {
	t.Parallel()
	shared := &Revert{Verdict: "escalate", Paths: []string{"tests/a.sh"}, Decisions: []RevertDecision{{Path: "tests/a.sh", Verdict: "escalate", Decided: "file"}}}
	res := &Results{Gates: []Gate{{Name: Stories, Conclusion: Failure,
		Diagnostics: []diag.Diagnostic{{Rule: "r/x", File: "stories/A.md", Line: 1, Column: 1}}}},
		Stories: []Story{{File: "stories/A.md", Revert: shared}, {File: "stories/B.md", Revert: shared}}}
	res.InRepository("pkg")
	res.InRepository("pkg")
	if d := res.Gates[0].Diagnostics[0]; d.File != "stories/A.md" {
		t.Errorf("diagnostic moved to %s: findings are placed by the findings pipeline, once", d.File)
	}
	for _, s := range res.Stories {
		if !strings.HasPrefix(s.File, "pkg/stories/") || s.Revert.Paths[0] != "pkg/tests/a.sh" || s.Revert.Decisions[0].Path != "pkg/tests/a.sh" {
			t.Errorf("story %s: revert paths %v, decisions %+v", s.File, s.Revert.Paths, s.Revert.Decisions)
		}
	}
	if shared.Paths[0] != "tests/a.sh" || res.Root != "pkg" {
		t.Errorf("the run's own verdict was rewritten (%v), or the root not recorded (%q)", shared.Paths, res.Root)
	}
}
