package revert

import (
	"strings"
	"testing"
)

// shProject is a tiny project tested by plain sh scripts: no Python.
var shProject = map[string]string{
	"src/greet.sh": "greet() { echo \"hello $1\"; }\n",
	"tests/run.sh": "#!/bin/sh\nset -e\nfor t in tests/test_*.sh; do sh \"$t\"; done\necho ALL PASS\n",
	"tests/test_greet.sh": ". ./src/greet.sh\n" +
		"[ \"$(greet bob)\" = \"hello bob\" ] || { echo 'FAIL greet bob'; exit 1; }\n",
	"tests/test_len.sh": ". ./src/greet.sh\n" +
		"[ ${#GREETING_UNUSED} -eq 0 ] || exit 1\n",
}

// shSuite runs the executable runner directly, so restoring it must keep
// its mode.
const shSuite = "./tests/run.sh"

// renamed is the change behind a forced repair: the greeting changes, so
// the old test cannot survive it.
var renamedGreeting = map[string]string{"src/greet.sh": "greet() { echo \"hi $1\"; }\n"}

func with(a map[string]string, more ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range append([]map[string]string{a}, more...) {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

func TestForcedRepairIsPermitted(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{write: with(renamedGreeting, map[string]string{
		"tests/test_greet.sh": ". ./src/greet.sh\n[ \"$(greet bob)\" = \"hi bob\" ] || { echo 'FAIL greet bob'; exit 1; }\n",
	})})
	res := h.check(t, shSuite, false)
	if res.Verdict != Permitted || !res.Ran || strings.Join(res.Paths, ",") != "tests/test_greet.sh" {
		t.Fatalf("verdict %s ran %v paths %v reason %q", res.Verdict, res.Ran, res.Paths, res.Reason)
	}
	if res.ExitCode == 0 || !strings.Contains(res.OutputTail, "FAIL greet bob") || res.Baseline == nil || res.Baseline.ExitCode != 0 {
		t.Errorf("exit %d tail %q baseline %+v", res.ExitCode, res.OutputTail, res.Baseline)
	}
	if got := rules(res); got != "" {
		t.Errorf("a permitted edit produced findings: %s", got)
	}
	if !strings.HasSuffix(res.Interpreter, "tests/run.sh") || res.Command != shSuite {
		t.Errorf("command %q interpreter %q", res.Command, res.Interpreter)
	}
}

func TestAddedCoverageIsEscalated(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{write: map[string]string{
		"tests/test_greet.sh": shProject["tests/test_greet.sh"] + "[ \"$(greet)\" = \"hello \" ] || exit 1\n",
	}})
	res := h.check(t, shSuite, false)
	if res.Verdict != Escalate || res.ExitCode != 0 {
		t.Fatalf("verdict %s exit %d reason %q", res.Verdict, res.ExitCode, res.Reason)
	}
	if got := rules(res); got != "revert/not-load-bearing@tests/test_greet.sh" {
		t.Errorf("findings: %s", got)
	}
}

func TestDeletingABrokenTestIsPermitted(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{write: renamedGreeting, delete: []string{"tests/test_greet.sh"}})
	res := h.check(t, shSuite, false)
	if res.Verdict != Permitted {
		t.Fatalf("verdict %s reason %q tail %q", res.Verdict, res.Reason, res.OutputTail)
	}
}

func TestDeletingAPassingTestIsEscalated(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{delete: []string{"tests/test_len.sh"}})
	res := h.check(t, shSuite, false)
	if res.Verdict != Escalate || strings.Join(res.Paths, ",") != "tests/test_len.sh" {
		t.Fatalf("verdict %s paths %v reason %q", res.Verdict, res.Paths, res.Reason)
	}
}

func TestNoGovernedPathBuildsNothing(t *testing.T) {
	created := isolateTemp(t)
	h := build(t, shProject, change{write: renamedGreeting})
	before := created()
	res := h.check(t, shSuite, false)
	if res.Decided || res.Ran || res.Verdict != "" || len(res.Paths) != 0 {
		t.Fatalf("decided %v ran %v verdict %q paths %v", res.Decided, res.Ran, res.Verdict, res.Paths)
	}
	if after := created(); len(after) != len(before) {
		t.Errorf("a tree was built although nothing is governed: %v -> %v", before, after)
	}
}

func TestGovernedChangeBuildsATreeAndRemovesIt(t *testing.T) {
	created := isolateTemp(t)
	h := build(t, shProject, change{delete: []string{"tests/test_len.sh"}})
	before := len(created())
	h.check(t, "ls tests/test_len.sh > \"$TMPDIR/seen\"", false)
	after := created()
	if len(after) != before+1 || after[len(after)-1] != "seen" {
		t.Errorf("temporary directory holds %v: want only the suite's note, the tree removed", after)
	}
}

func TestPathWithoutBaseVersionCouldNotRun(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{write: map[string]string{"src/extra.sh": "true\n"}})
	// A recorded change list naming a path that never existed at base, as
	// story-007's fixture did: there is nothing to revert it to.
	recorded := append(changesFor(t, h), change2("tests/ghost.sh", "modified"))
	for _, perFile := range []bool{false, true} {
		res, err := Check(t.Context(), Options{Repo: h.repo, Base: h.base, Head: h.head, Changes: recorded,
			Governed: []string{"tests"}, Suite: shSuite, Granularity: granularityOf(perFile)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != CouldNotRun || !strings.Contains(res.Reason, "tests/ghost.sh") {
			t.Errorf("per-file %v: verdict %s reason %q", perFile, res.Verdict, res.Reason)
		}
		if got := rules(res); got != "revert/could-not-run@tests/ghost.sh" {
			t.Errorf("per-file %v: findings %s", perFile, got)
		}
	}
}

func TestPerFileSeparatesRepairFromAddedTest(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{write: with(renamedGreeting, map[string]string{
		"tests/test_greet.sh": ". ./src/greet.sh\n[ \"$(greet bob)\" = \"hi bob\" ] || { echo 'FAIL greet bob'; exit 1; }\n",
		"tests/test_len.sh":   shProject["tests/test_len.sh"] + "[ -n \"$(greet x)\" ] || exit 1\n",
	})})
	together := h.check(t, shSuite, false)
	if together.Verdict != Permitted {
		t.Fatalf("together: verdict %s (the repair should shelter the added test)", together.Verdict)
	}
	res := h.check(t, shSuite, true)
	if got := verdicts(res.Files); got != "tests/test_greet.sh=permitted tests/test_len.sh=escalate" {
		t.Fatalf("per-file verdicts: %s", got)
	}
	if res.Verdict != Escalate || rules(res) != "revert/not-load-bearing@tests/test_len.sh" {
		t.Errorf("overall %s, findings %s", res.Verdict, rules(res))
	}
}

func TestSuiteThatCannotStartCouldNotRun(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{delete: []string{"tests/test_len.sh"}})
	res := h.check(t, "no-such-test-runner --all", false)
	if res.Verdict != CouldNotRun || res.Interpreter != "no-such-test-runner" || !strings.Contains(res.Reason, "127") {
		t.Fatalf("verdict %s interpreter %q reason %q", res.Verdict, res.Interpreter, res.Reason)
	}
}

func TestSuiteFailingAtHeadCouldNotRun(t *testing.T) {
	t.Parallel()
	// The change breaks the greeting and deletes a passing test; the suite
	// fails before anything is reverted, so reverting proves nothing.
	h := build(t, shProject, change{write: renamedGreeting, delete: []string{"tests/test_len.sh"}})
	res := h.check(t, shSuite, false)
	if res.Verdict != CouldNotRun || !strings.Contains(res.Reason, "head tree") || res.Baseline == nil {
		t.Fatalf("verdict %s reason %q", res.Verdict, res.Reason)
	}
}

func TestNoSuiteCouldNotRun(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{delete: []string{"tests/test_len.sh"}})
	res := h.check(t, " ", false)
	if res.Verdict != CouldNotRun || res.Ran {
		t.Fatalf("verdict %s ran %v", res.Verdict, res.Ran)
	}
}

func TestCreatedAndGrantedPaths(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{write: map[string]string{
		"tests/test_new.sh":         "true\n",
		"tests/fixtures/data.txt":   "granted\n",
		"tests/test_greet.sh":       shProject["tests/test_greet.sh"] + "true\n",
		"tests_old/not_governed.sh": "true\n",
	}})
	res, err := Check(t.Context(), Options{Repo: h.repo, Base: h.base, Head: h.head, Governed: []string{"./tests/"},
		Granted: []string{"tests/fixtures"}, Suite: shSuite})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(res.Paths, ",") != "tests/test_greet.sh" || strings.Join(res.Created, ",") != "tests/test_new.sh" {
		t.Fatalf("paths %v created %v", res.Paths, res.Created)
	}
	if got := rules(res); got != "revert/may-not-create@tests/test_new.sh revert/not-load-bearing@tests/test_greet.sh" {
		t.Errorf("findings %s", got)
	}
}
