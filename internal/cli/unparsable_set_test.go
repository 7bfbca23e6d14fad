package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestActionOnOneUnparsableStageAndStory runs the PR gate locally
// (`storygate action --event-name local --base REV --report-only`) on
// the pull request of collect.TestOneUnparsableStageAndStoryInAPullRequest
// (testrepo.UnparsableSet: a YAML syntax error in a stage the others
// require and consume and in a story the others depend on). The results
// document holds each broken file's parse error and not-checked notice
// and nothing on another stage or story, the stages and stories gates
// fail, the comment names the broken stage, and the exit is ExitFindings.
// The honest control, the same change parsable, has no finding, passes
// and exits 0 (issue 28).
func TestActionOnOneUnparsableStageAndStory(t *testing.T) {
	t.Parallel()
	for _, c := range testrepo.UnparsableSetCases() {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			repo, base := testrepo.UnparsableSetRepo(t, c.Broken)
			tmp := t.TempDir()
			results, comment := filepath.Join(tmp, "results.json"), filepath.Join(tmp, "comment.md")
			code, out, errOut := vMain("action", "--event-name", "local", "--root", repo.Root, "--base", base, "--report-only",
				"--results", results, "--markdown", comment, "--sarif", filepath.Join(tmp, "results.sarif"))
			want := map[bool]struct {
				code int
				gate gate.Conclusion
			}{true: {ExitFindings, gate.Failure}, false: {ExitOK, gate.Success}}[c.Broken]
			if code != want.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, want.code, out, errOut)
			}
			res, err := gate.ReadFile(results)
			if err != nil {
				t.Fatal(err)
			}
			if got := testrepo.FindingLines(append(res.Diagnostics(), res.Untouched()...)); !slices.Equal(got, c.Findings) {
				t.Errorf("findings:\n%s\nwant:\n%s\n%s", strings.Join(got, "\n"), strings.Join(c.Findings, "\n"), out)
			}
			for _, n := range []gate.Name{gate.Stages, gate.Stories} {
				if g, ok := res.Gate(n); !ok || g.Conclusion != want.gate {
					t.Errorf("%s = %q (present %v), want %s", n, g.Conclusion, ok, want.gate)
				}
			}
			if md, err := os.ReadFile(comment); err != nil || c.Broken != strings.Contains(string(md), testrepo.UnparsableStage) {
				t.Errorf("the comment names %s: %v, want %v (%v)", testrepo.UnparsableStage, !c.Broken, c.Broken, err)
			}
		})
	}
}
