package collect

import (
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestOneUnparsableStageAndStoryInAPullRequest: one pull request leaves a
// YAML syntax error in a stage the set's other stages require and consume
// and in a story the others depend on and descend from
// (testrepo.UnparsableSet, judged by its own .github/storygate.yml). Each
// broken file is one parse error and its not-checked notice; no other
// stage or story has a finding (stage/unknown-stage,
// stage/missing-producer, delegation/unknown-dependency,
// scope/out-of-scope, …: none, judged or untouched), and the stages and
// stories gates fail on the two errors. The honest control is the same
// change without the two errors: no finding at all, and no gate fails
// (issue 28).
func TestOneUnparsableStageAndStoryInAPullRequest(t *testing.T) {
	t.Parallel()
	for _, c := range testrepo.UnparsableSetCases() {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			repo, base := testrepo.UnparsableSetRepo(t, c.Broken)
			res := runGateWith(t, repo.Root, base, nil, Options{})
			var all []diag.Diagnostic
			for _, g := range res.Gates {
				all = append(append(all, g.Diagnostics...), g.Untouched...)
			}
			if got := testrepo.FindingLines(all); !slices.Equal(got, c.Findings) {
				t.Errorf("findings:\n%s\nwant:\n%s\n(all: %v)", strings.Join(got, "\n"), strings.Join(c.Findings, "\n"), all)
			}
			want := map[bool]gate.Conclusion{true: gate.Failure, false: gate.Success}[c.Broken]
			for _, n := range []gate.Name{gate.Stages, gate.Stories} {
				if got := conclusion(t, res, n); got != want {
					t.Errorf("%s = %s, want %s", n, got, want)
				}
			}
			if !c.Broken && res.Conclusion == gate.Failure {
				t.Errorf("the control fails: %+v", res.Gates)
			}
		})
	}
}
