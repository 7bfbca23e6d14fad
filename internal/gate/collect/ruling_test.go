package collect

import (
	"context"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestRulingsReplaceOnlyTheFindingsTheyHoldFor: a holding ruling turns its
// path's escalation into a revert/ruled notice naming who ruled; a path
// it does not name, or whose ruling is stale, keeps its error (with why);
// only when nothing rulable is left is the verdict ruled and the gate
// green. Creating a governed file is never ruled.
func TestRulingsReplaceOnlyTheFindingsTheyHoldFor(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"tests/a.sh": "a\n", "tests/b.sh": "b\n"})
	base := repo.Commit("base")
	repo.Write(map[string]string{"tests/a.sh": "a2\n", "tests/b.sh": "b2\n", "stories/STORY-001.md": doneStory(t, "p95_ok")})
	repo.Commit("edit")
	finding := func(rule, p string) diag.Diagnostic {
		return diag.New(rule, diag.SeverityError, p, diag.Pos{}, "%s escalates", p)
	}
	holds := Ruling{By: "@reviewer", Source: "comment 7"}
	stale := Ruling{Why: "@reviewer's ruling (comment 7) is stale"}
	cases := []struct {
		name     string
		found    []diag.Diagnostic
		rulings  map[string]Ruling
		verdict  string
		want     gate.Conclusion
		rules    string
		ruled    int
		staleMsg bool
	}{
		{"both ruled", []diag.Diagnostic{finding("revert/not-load-bearing", "tests/a.sh"), finding("revert/undecided", "tests/b.sh")},
			map[string]Ruling{"tests/a.sh": holds, "tests/b.sh": holds}, RevertRuled, gate.Success, "revert/ruled revert/ruled", 2, false},
		{"A ruled, B not", []diag.Diagnostic{finding("revert/not-load-bearing", "tests/a.sh"), finding("revert/not-load-bearing", "tests/b.sh")},
			map[string]Ruling{"tests/a.sh": holds}, RevertEscalate, gate.Failure, "revert/ruled revert/not-load-bearing", 1, false},
		{"stale", []diag.Diagnostic{finding("revert/could-not-run", "tests/a.sh")},
			map[string]Ruling{"tests/a.sh": stale}, RevertEscalate, gate.Failure, "revert/could-not-run", 0, true},
		{"creation is no ruling's", []diag.Diagnostic{finding("revert/may-not-create", "tests/a.sh")},
			map[string]Ruling{"tests/a.sh": holds}, RevertEscalate, gate.Failure, "revert/may-not-create", 0, false},
	}
	for _, c := range cases {
		seam := func(_ context.Context, in RevertInput) (gate.Revert, []diag.Diagnostic, error) {
			return gate.Revert{Verdict: RevertEscalate, Paths: GovernedEdits(in)}, c.found, nil
		}
		var asked []string
		rulings := func(_ context.Context, paths []string) (map[string]Ruling, error) {
			asked = paths
			return c.rulings, nil
		}
		res := runGate(t, repo, base, Options{Revert: seam, Rulings: rulings, Gates: []gate.Name{gate.Stories, gate.RevertCheck}})
		g, _ := res.Gate(gate.RevertCheck)
		var rules []string
		for _, d := range g.Diagnostics {
			rules = append(rules, d.Rule)
		}
		rv := res.Stories[0].Revert
		if g.Conclusion != c.want || strings.Join(rules, " ") != c.rules || rv.Verdict != c.verdict || len(rv.Ruled) != c.ruled {
			t.Errorf("%s: %s %v verdict %s ruled %+v", c.name, g.Conclusion, rules, rv.Verdict, rv.Ruled)
		}
		if c.ruled > 0 && (!strings.Contains(g.Diagnostics[0].Message, "@reviewer permitted") || rv.Ruled[0].By != "@reviewer") {
			t.Errorf("%s: who ruled is not named: %s %+v", c.name, g.Diagnostics[0].Message, rv.Ruled)
		}
		if last := g.Diagnostics[len(g.Diagnostics)-1]; last.Rule != "revert/ruled" && last.Rule != "revert/may-not-create" && !strings.Contains(last.Message, "`/allow-test-edit "+last.File+" -- ") {
			t.Errorf("%s: the finding does not name the ruling to type: %s", c.name, last.Message)
		}
		if c.staleMsg != strings.Contains(g.Diagnostics[0].Message, "is stale") {
			t.Errorf("%s: message %q", c.name, g.Diagnostics[0].Message)
		}
		if c.name == "creation is no ruling's" && asked != nil {
			t.Errorf("rulings asked about %v for a creation", asked)
		}
	}
}
