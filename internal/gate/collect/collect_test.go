package collect

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/testrepo"
)

// demoStory reads a story of the bundled sample repository.
func demoStory(t *testing.T, name string) string {
	t.Helper()
	_, self, _, _ := runtime.Caller(0)
	data, err := os.ReadFile(filepath.Join(filepath.Dir(self), "..", "..", "..", "examples", "demo", "stories", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// doneStory is STORY-001 with verification commands that run anywhere;
// v2out is what its V2 command prints.
func doneStory(t *testing.T, v2out string) string {
	s := demoStory(t, "STORY-001.md")
	s = strings.Replace(s, "command: go test ./src/orders/...", `command: "true"`, 1)
	return strings.Replace(s, "command: ./scripts/bench-orders.sh", "command: echo "+v2out, 1)
}

func runGate(t *testing.T, repo *testrepo.Repo, base string, opts Options) *gate.Results {
	t.Helper()
	return runGateWith(t, repo.Root, base, withSuite(), opts)
}

// withSuite is the default policy with a revert suite set, so the revert
// gate calls its seam (without one it is neutral: TestGovernedEditWithoutASuiteIsNeutral).
func withSuite() *config.Config {
	cfg := config.Default()
	cfg.Revert.Suite = "true"
	return cfg
}

// runGateWith runs the gate in root at base ("" for none), judged by cfg.
func runGateWith(t *testing.T, root, base string, cfg *config.Config, opts Options) *gate.Results {
	t.Helper()
	opts.Target = targetOf(t, root, base, cfg)
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Validate(); err != nil {
		t.Fatalf("the document does not validate: %v", err)
	}
	return res
}

func conclusion(t *testing.T, res *gate.Results, n gate.Name) gate.Conclusion {
	t.Helper()
	g, ok := res.Gate(n)
	if !ok {
		t.Fatalf("no %s gate in %+v", n, res.Gates)
	}
	return g.Conclusion
}

func TestPendingStoryNeedsAHuman(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"stories/STORY-001.md": demoStory(t, "STORY-001.md")})
	base := repo.Commit("base")
	repo.Write(map[string]string{"stories/STORY-002.md": demoStory(t, "STORY-002.md")})
	repo.Commit("plan")
	res := runGate(t, repo, base, Options{})
	if got := conclusion(t, res, gate.Stories); got != gate.ActionRequired {
		t.Errorf("stories = %s, want action_required", got)
	}
	if got := conclusion(t, res, gate.Verify); got != gate.Neutral {
		t.Errorf("verify = %s, want neutral (nothing generated yet)", got)
	}
	if got := conclusion(t, res, gate.RevertCheck); got != gate.Neutral {
		t.Errorf("revert-check = %s, want neutral", got)
	}
	if res.Conclusion != gate.ActionRequired || len(res.Stories) != 1 || res.Stories[0].State != "plan_review" {
		t.Errorf("results: %+v", res)
	}
	if tr := res.Stories[0].Transitions; len(tr) != 2 || tr[1].To != "plan_review" {
		t.Errorf("transitions: %+v", tr)
	}
}

// TestUndrawableMovesAreCountedNotDropped: a log row the diagram cannot
// draw (an unknown state) is counted, and an actor that is no role is
// marked without its name, so the report shows both instead of hiding them.
func TestUndrawableMovesAreCountedNotDropped(t *testing.T) {
	repo := testrepo.New(t)
	base := repo.Commit("empty")
	s := strings.Replace(demoStory(t, "STORY-002.md"), "| planner | submit_plan |", "| claude-agent | submit_plan |", 1)
	s = strings.Replace(s, "| Plan v1 |\n", "| Plan v1 |\n| 2026-06-01T10:00:00Z | human | approve_plan | plan_review | shipped | |\n", 1)
	repo.Write(map[string]string{"stories/STORY-002.md": s})
	repo.Commit("plan")
	res := runGate(t, repo, base, Options{})
	st := res.Stories[0]
	if len(st.Transitions) != 2 || st.UndrawnMoves != 1 || !st.Transitions[1].UnknownActor || st.Transitions[1].Actor != "" {
		t.Errorf("transitions %+v, undrawn %d", st.Transitions, st.UndrawnMoves)
	}
	if st.Transitions[0].UnknownActor || st.Transitions[0].Actor != "orchestrator" {
		t.Errorf("a known actor: %+v", st.Transitions[0])
	}
}

func TestVerificationReruns(t *testing.T) {
	repo := testrepo.New(t)
	base := repo.Commit("empty")
	repo.Write(map[string]string{"stories/STORY-001.md": doneStory(t, "p95_ok")})
	repo.Commit("done")
	res := runGate(t, repo, base, Options{Environ: []string{"PATH=" + os.Getenv("PATH")}})
	if got := conclusion(t, res, gate.Verify); got != gate.Success {
		t.Errorf("verify = %s, want success: %+v", got, res.Gates)
	}
	if v := res.Stories[0].Verification; len(v) != 2 || v[1].Verdict != "pass" || v[1].Claimed != "PASS" {
		t.Errorf("verification table: %+v", v)
	}
}

func TestVerificationDisagreeingWithTheStoryFails(t *testing.T) {
	repo := testrepo.New(t)
	base := repo.Commit("empty")
	repo.Write(map[string]string{"stories/STORY-001.md": doneStory(t, "p95_slow")})
	repo.Commit("done")
	res := runGate(t, repo, base, Options{Environ: []string{"PATH=" + os.Getenv("PATH")}})
	g, _ := res.Gate(gate.Verify)
	if g.Conclusion != gate.Failure || !strings.Contains(g.Title, "1 of 2") || res.Conclusion != gate.Failure {
		t.Errorf("verify gate: %+v", g)
	}
	// The failed rerun keeps its output for the comment; the passing one does not.
	if v := res.Stories[0].Verification; len(v) != 2 || v[0].OutputTail != "" || !strings.Contains(v[1].OutputTail, "p95_slow") {
		t.Errorf("output tails: %+v", v)
	}
}

func TestVerificationCommandsSeeNoToken(t *testing.T) {
	repo := testrepo.New(t)
	base := repo.Commit("empty")
	story := doneStory(t, "p95_ok")
	story = strings.Replace(story, `command: "true"`, `command: 'test -z "$GITHUB_TOKEN$INPUT_TOKEN"'`, 1)
	repo.Write(map[string]string{"stories/STORY-001.md": story})
	repo.Commit("done")
	env := []string{"PATH=" + os.Getenv("PATH"), "GITHUB_TOKEN=secret", "INPUT_TOKEN=secret"}
	res := runGate(t, repo, base, Options{Environ: env})
	if v := res.Stories[0].Verification; len(v) != 2 || v[0].Verdict != "pass" {
		t.Errorf("a verification command saw a token: %+v", v)
	}
}

func TestGovernedEditWithoutRevertCheckFailsClosed(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"tests/a_test.go": "package a\n"})
	base := repo.Commit("base")
	repo.Write(map[string]string{"tests/a_test.go": "package a // edited\n"})
	repo.Commit("edit")
	res := runGate(t, repo, base, Options{})
	g, _ := res.Gate(gate.RevertCheck)
	if g.Conclusion != gate.Failure || len(g.Diagnostics) != 1 || g.Diagnostics[0].File != "tests/a_test.go" {
		t.Errorf("revert gate: %+v", g)
	}
}

func TestRevertSeamVerdicts(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"tests/a_test.go": "package a\n", "src/a.go": "package a\n"})
	base := repo.Commit("base")
	repo.Write(map[string]string{"tests/a_test.go": "package a // edited\n", "stories/STORY-001.md": doneStory(t, "p95_ok")})
	repo.Commit("edit")
	var got RevertInput
	escalate := func(_ context.Context, in RevertInput) (gate.Revert, []diag.Diagnostic, error) {
		got = in
		return gate.Revert{Verdict: RevertEscalate, Paths: GovernedEdits(in), OutputTail: "\x1b[32mok\x1b[0m"}, nil, nil
	}
	res := runGate(t, repo, base, Options{Revert: escalate, Gates: []gate.Name{gate.Stories, gate.RevertCheck}})
	if c := conclusion(t, res, gate.RevertCheck); c != gate.ActionRequired {
		t.Errorf("escalate = %s, want action_required", c)
	}
	if len(got.Grants) != 1 || !got.Grants.Covers("tests/orders/x_test.go") || strings.Join(GovernedEdits(got), ",") != "tests/a_test.go" {
		t.Errorf("revert input: grants %v, edits %v", got.Grants, GovernedEdits(got))
	}
	if rv := res.Stories[0].Revert; rv == nil || rv.Verdict != RevertEscalate || rv.OutputTail != "ok" {
		t.Errorf("story revert: %+v", rv)
	}
	if c := conclusion(t, res, gate.Verify); c != gate.Skipped {
		t.Errorf("an unselected default gate must be reported skipped, got %s", c)
	}
}

func TestNoBaseSkipsComparisons(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"stories/STORY-002.md": demoStory(t, "STORY-002.md")})
	repo.Commit("only")
	res := runGate(t, repo, "", Options{})
	if len(res.Notes) == 0 || conclusion(t, res, gate.RevertCheck) != gate.Neutral || len(res.Stories) != 1 {
		t.Errorf("no base: %+v", res)
	}
}

func TestShallowBaseIsAClearError(t *testing.T) {
	repo := testrepo.New(t)
	repo.Commit("only")
	_, err := target.Open(target.Options{Root: repo.Root, Base: strings.Repeat("a", 40), Policy: config.Default()})
	if err == nil || !strings.Contains(err.Error(), "base revision") {
		t.Errorf("err = %v", err)
	}
}

// TestRevertGrantsOnlyFromGeneratingStories: the revert input's grants are
// the change model's: a story grants its scope only when it is generating
// in the change (here a new story whose log passes generating), not a story
// that was done before the change and stays done.
func TestRevertGrantsOnlyFromGeneratingStories(t *testing.T) {
	for _, c := range []struct {
		name    string
		atBase  bool
		granted bool
	}{{"new, log passes generating", false, true}, {"done at base and head", true, false}} {
		repo := testrepo.New(t)
		files := map[string]string{"tests/orders/a_test.go": "package a\n"}
		if c.atBase {
			files["stories/STORY-001.md"] = doneStory(t, "p95_ok")
		}
		repo.Write(files)
		base := repo.Commit("base")
		repo.Write(map[string]string{"tests/orders/a_test.go": "package a // edited\n", "stories/STORY-001.md": doneStory(t, "p95_ok") + "\n<!-- touched -->\n"})
		repo.Commit("edit")
		var got RevertInput
		permit := func(_ context.Context, in RevertInput) (gate.Revert, []diag.Diagnostic, error) {
			got = in
			return gate.Revert{Verdict: RevertPermitted}, nil, nil
		}
		res := runGate(t, repo, base, Options{Revert: permit, Gates: []gate.Name{gate.Stories, gate.RevertCheck}})
		// The story the comment shows the verdict under is the one whose
		// edits it judges: the generating one.
		if len(res.Stories) != 1 || res.Stories[0].Generating != c.granted || res.Stories[0].Revert == nil {
			t.Errorf("%s: stories %+v, want one generating %v with the verdict", c.name, res.Stories, c.granted)
		}
		if granted := got.Grants.Covers("tests/orders/a_test.go"); granted != c.granted {
			t.Errorf("%s: grants %v cover the edit: %v, want %v", c.name, got.Grants, granted, c.granted)
		}
		if edits := GovernedEdits(got); (len(edits) == 0) != c.granted || len(got.GrantedPaths()) != len(got.Target.Changes())-1-len(edits) {
			t.Errorf("%s: governed edits %v, granted paths %v", c.name, edits, got.GrantedPaths())
		}
	}
}

// TestGateHonoursConfiguredSeverities: a rules: override applies to the
// rules the gate decides itself, not only to the story rules.
func TestGateHonoursConfiguredSeverities(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"tests/a_test.go": "package a\n"})
	base := repo.Commit("base")
	repo.Write(map[string]string{"tests/a_test.go": "package a // edited\n"})
	repo.Commit("edit")
	cfg := withSuite()
	cfg.Rules = map[string]string{"revert/could-not-run": "warning"}
	res := runGateWith(t, repo.Root, base, cfg, Options{})
	g, _ := res.Gate(gate.RevertCheck)
	if g.Conclusion == gate.Failure || len(g.Diagnostics) != 1 || g.Diagnostics[0].Severity != diag.SeverityWarning {
		t.Errorf("revert gate with could-not-run lowered to a warning: %+v", g)
	}
}

// targetOf opens the target of a test run in root at base ("" for none)
// judged by cfg.
func targetOf(t *testing.T, root, base string, cfg *config.Config) *target.Target {
	t.Helper()
	tg, err := target.Open(target.Options{Root: root, Base: base, Policy: cfg})
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// TestGovernedEditWithoutASuiteIsNeutral: with no revert.suite the
// governed edit is a notice naming the fix and the gate is neutral, the
// seam never called; with a suite the same edit is decided (the control).
func TestGovernedEditWithoutASuiteIsNeutral(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"tests/a_test.go": "package a\n"})
	base := repo.Commit("base")
	repo.Write(map[string]string{"tests/a_test.go": "package a // edited\n", "stories/STORY-001.md": doneStory(t, "p95_ok")})
	repo.Commit("edit")
	called := 0
	escalate := func(_ context.Context, in RevertInput) (gate.Revert, []diag.Diagnostic, error) {
		called++
		return gate.Revert{Verdict: RevertEscalate, Paths: GovernedEdits(in)}, []diag.Diagnostic{diag.New("revert/not-load-bearing", diag.SeverityError, "tests/a_test.go", diag.Pos{}, "escalate")}, nil
	}
	for _, c := range []struct {
		name  string
		cfg   *config.Config
		want  gate.Conclusion
		calls int
		rule  string
	}{
		{"no suite", config.Default(), gate.Neutral, 0, "revert/no-suite"},
		{"a suite", withSuite(), gate.Failure, 1, "revert/not-load-bearing"},
	} {
		called = 0
		res := runGateWith(t, repo.Root, base, c.cfg, Options{Revert: escalate, Gates: []gate.Name{gate.Stories, gate.RevertCheck}})
		g, _ := res.Gate(gate.RevertCheck)
		if g.Conclusion != c.want || called != c.calls || len(g.Diagnostics) != 1 || g.Diagnostics[0].Rule != c.rule {
			t.Errorf("%s: %s, seam called %d times, findings %v", c.name, g.Conclusion, called, g.Diagnostics)
		}
		if c.calls == 0 && (!strings.Contains(g.Title, "revert: {suite:") || !strings.Contains(g.Diagnostics[0].Message, ".github/storygate.yml")) {
			t.Errorf("%s: the fix is not named: %q / %s", c.name, g.Title, g.Diagnostics[0].Message)
		}
	}
}
