package publish

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
)

// TestRowsTakenFromTheUnprivilegedRunAreMarked: a story whose verification
// and revert rows publish took from the unprivileged document is marked on
// each row of the job summary (the comment's report) and of the verify and
// revert-check summaries; the same story decided by the run itself is not.
func TestRowsTakenFromTheUnprivilegedRunAreMarked(t *testing.T) {
	for _, taken := range []bool{true, false} {
		res := results(1, 0)
		s := &res.Stories[0]
		s.Verification = []gate.Check{{ID: "V1", Command: "go test ./...", Verdict: "pass"}}
		s.Revert = &gate.Revert{Verdict: "permitted", Paths: []string{"a_test.go"}}
		s.NotRecomputed = taken
		report := Summary(res, nil)
		for _, row := range []string{"**Verification rerun**", "**Revert check:**"} {
			line := lineStarting(report, row)
			if got := strings.HasSuffix(line, " _("+gate.NotRecomputedNote+")_"); got != taken {
				t.Errorf("taken %v: %s row %q marked %v", taken, row, line, got)
			}
		}
		for _, g := range []gate.Gate{{Name: gate.Verify, Conclusion: gate.Success}, {Name: gate.RevertCheck, Conclusion: gate.Success}} {
			if got := strings.Contains(checkSummary(res, g), "("+gate.NotRecomputedNote+")"); got != taken {
				t.Errorf("taken %v: %s check summary marked %v:\n%s", taken, g.Name, got, checkSummary(res, g))
			}
		}
	}
}

func lineStarting(text, prefix string) string {
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, prefix) {
			return line
		}
	}
	return ""
}
