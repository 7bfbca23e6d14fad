package collect

import (
	"context"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestTheRevertCheckDecidesGovernedEditsOutsideScope: a generating story's
// change edits tests/a_test.go, a governed file outside its scope.write.
// When the revert step decides it (a base and a suite), its verdict is the
// one finding: permitted is none, escalate the revert finding, never
// scope/out-of-scope. Where nothing decides it, the scope finding stays:
// no suite, the revert gate not chosen, a created file (not reverted), and
// no generating story (no implementer's repair) (issue 28).
func TestTheRevertCheckDecidesGovernedEditsOutsideScope(t *testing.T) {
	t.Parallel()
	verdict := func(v string) RevertFunc {
		return func(_ context.Context, in RevertInput) (gate.Revert, []diag.Diagnostic, error) {
			var ds []diag.Diagnostic
			if v == RevertEscalate {
				for _, p := range GovernedEdits(in) {
					ds = append(ds, diag.New("revert/not-load-bearing", diag.SeverityError, p, diag.Pos{}, "escalate"))
				}
			}
			return gate.Revert{Verdict: v, Paths: GovernedEdits(in)}, ds, nil
		}
	}
	both := []gate.Name{gate.Stories, gate.RevertCheck}
	for _, c := range []struct {
		name       string
		cfg        *config.Config
		gates      []gate.Name
		seam       RevertFunc
		create     bool
		generating bool
		want       string // the rules reported on tests/a_test.go, gate by gate
	}{
		{"permitted", withSuite(), both, verdict(RevertPermitted), false, true, ""},
		{"escalate", withSuite(), both, verdict(RevertEscalate), false, true, "revert/not-load-bearing"},
		{"no revert check in this build", withSuite(), both, nil, false, true, "revert/could-not-run"},
		{"no suite", config.Default(), both, verdict(RevertPermitted), false, true, "scope/out-of-scope revert/no-suite"},
		{"revert gate not chosen", withSuite(), []gate.Name{gate.Stories}, verdict(RevertPermitted), false, true, "scope/out-of-scope"},
		{"created", withSuite(), both, verdict(RevertPermitted), true, true, "revert/may-not-create scope/out-of-scope"},
		{"no generating story", withSuite(), both, verdict(RevertPermitted), false, false, "scope/out-of-scope"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			repo := testrepo.New(t)
			files := map[string]string{"src/a.go": "package a\n"}
			if !c.create {
				files["tests/a_test.go"] = "package a\n"
			}
			story := doneStory(t, "p95_ok")
			if !c.generating {
				files["stories/STORY-001.md"] = story
				story += "\n<!-- touched -->\n"
			}
			repo.Write(files)
			base := repo.Commit("base")
			repo.Write(map[string]string{"tests/a_test.go": "package a // edited\n", "stories/STORY-001.md": story})
			repo.Commit("edit")
			res := runGateWith(t, repo.Root, base, c.cfg, Options{Revert: c.seam, Gates: c.gates})
			var got []string
			for _, g := range res.Gates {
				for _, d := range g.Diagnostics {
					if d.File == "tests/a_test.go" {
						got = append(got, d.Rule)
					}
				}
			}
			if strings.Join(got, " ") != c.want {
				t.Errorf("findings on tests/a_test.go: %v, want %q", got, c.want)
			}
		})
	}
}
