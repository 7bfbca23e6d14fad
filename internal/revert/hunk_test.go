package revert

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/verify"
)

// greetFile is a test file with three lines, so a change can edit two
// places in it with an unchanged line between: two hunks.
const greetFile = ". ./src/greet.sh\n" +
	"[ \"$(greet bob)\" = \"hello bob\" ] || { echo 'FAIL greet bob'; exit 1; }\n" +
	"echo greet-done\n"

var greetProject = with(shProject, map[string]string{"tests/test_greet.sh": greetFile})

// repaired is greetFile with its assertion repaired for the renamed
// greeting (the forced hunk).
var repaired = strings.Replace(greetFile, "\"hello bob\"", "\"hi bob\"", 1)

// checkAt runs the check at a granularity and budget.
func (h history) checkAt(t *testing.T, g Granularity, maxRuns int) *Result {
	t.Helper()
	res, err := Check(context.Background(), Options{Repo: h.repo, Base: h.base, Head: h.head, Governed: []string{"tests/"},
		Suite: shSuite, Granularity: g, MaxRuns: maxRuns, Env: verify.CleanEnv(os.Environ(), nil)})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func hunkVerdicts(f FileVerdict) string {
	var out []string
	for _, h := range f.Hunks {
		out = append(out, HunkRange(h.Base, h.Head)+"="+string(h.Verdict)+"/"+h.Decided)
	}
	return strings.Join(out, " ")
}

// TestHunkSeparatesRepairFromAddedCoverageInOneFile: one file holds a
// forced repair and an added assertion. Reverting the file (set, file)
// fails the suite, so the repair shelters the addition; reverting each
// hunk on its own escalates the added one, at its line.
func TestHunkSeparatesRepairFromAddedCoverageInOneFile(t *testing.T) {
	t.Parallel()
	h := build(t, greetProject, change{write: with(renamedGreeting, map[string]string{
		"tests/test_greet.sh": repaired + "[ -n \"$(greet)\" ] || exit 1\n",
	})})
	for _, g := range []Granularity{BySet, ByFile} {
		if res := h.checkAt(t, g, 0); res.Verdict != Permitted || rules(res) != "" {
			t.Errorf("%s: verdict %s findings %q: the repair should shelter the addition", g, res.Verdict, rules(res))
		}
	}
	res := h.checkAt(t, ByHunk, 0)
	if res.Verdict != Escalate || len(res.Files) != 1 {
		t.Fatalf("hunk: verdict %s files %+v", res.Verdict, res.Files)
	}
	if got := hunkVerdicts(res.Files[0]); got != "-2,1 +2,1=permitted/hunk -3,0 +4,1=escalate/hunk" {
		t.Errorf("hunks: %s", got)
	}
	ds := Findings(res)
	if len(ds) != 1 || ds[0].Rule != RuleNotLoadBearing || ds[0].File != "tests/test_greet.sh" || ds[0].Line != 4 {
		t.Fatalf("findings %+v", ds)
	}
	if !strings.Contains(ds[0].Message, "-3,0 +4,1") {
		t.Errorf("the finding does not name the hunk: %s", ds[0].Message)
	}
	if res.Runs != 4 || res.Incomplete != "" {
		t.Errorf("runs %d (baseline, file, two hunks) incomplete %q", res.Runs, res.Incomplete)
	}
}

// TestHunkControlTwoForcedHunks: both hunks are repairs the change forced;
// each fails the suite when reverted, so nothing is reported.
func TestHunkControlTwoForcedHunks(t *testing.T) {
	t.Parallel()
	ann := "[ \"$(greet ann)\" = \"hello ann\" ] || exit 1\n"
	h := build(t, with(greetProject, map[string]string{"tests/test_greet.sh": greetFile + ann}), change{write: with(renamedGreeting,
		map[string]string{"tests/test_greet.sh": repaired + strings.Replace(ann, "hello", "hi", 1)},
	)})
	res := h.checkAt(t, ByHunk, 0)
	if res.Verdict != Permitted || rules(res) != "" {
		t.Fatalf("verdict %s findings %q reason %q", res.Verdict, rules(res), res.Reason)
	}
	if got := hunkVerdicts(res.Files[0]); got != "-2,1 +2,1=permitted/hunk -4,1 +4,1=permitted/hunk" {
		t.Errorf("hunks: %s", got)
	}
}

// TestHunkCoupledAdditionStillEscalates is the attack on per-hunk: added
// coverage split into hunks that break the file when reverted one at a
// time (an if and its fi), so every hunk alone "fails". The file reverted
// as a whole passes, and a finer decision never clears a coarser one.
func TestHunkCoupledAdditionStillEscalates(t *testing.T) {
	t.Parallel()
	lines := strings.SplitAfter(greetFile, "\n")
	coupled := lines[0] + "if [ -n \"$(greet x)\" ]; then\n" + lines[1] + "fi\n" + lines[2]
	h := build(t, greetProject, change{write: map[string]string{"tests/test_greet.sh": coupled}})
	res := h.checkAt(t, ByHunk, 0)
	if res.Verdict != Escalate || rules(res) != "revert/not-load-bearing@tests/test_greet.sh" {
		t.Fatalf("verdict %s findings %q", res.Verdict, rules(res))
	}
	if got := hunkVerdicts(res.Files[0]); got != "-1,0 +2,1=escalate/file -2,0 +4,1=escalate/file" {
		t.Errorf("hunks: %s", got)
	}
}

// TestHunkBudgetLeavesTheRestUndecided: with a budget of three runs the
// added hunk is never reverted on its own. It used to keep its file's
// verdict (permitted); an undecided edit now escalates, and the result
// and the finding name it.
func TestHunkBudgetLeavesTheRestUndecided(t *testing.T) {
	t.Parallel()
	h := build(t, greetProject, change{write: with(renamedGreeting, map[string]string{
		"tests/test_greet.sh": repaired + "[ -n \"$(greet)\" ] || exit 1\n",
	})})
	res := h.checkAt(t, ByHunk, 3)
	if res.Verdict != Escalate || res.Runs != 3 || !strings.Contains(res.Incomplete, "max_runs 3") || !strings.Contains(res.Incomplete, "1 of 3") ||
		!strings.Contains(res.Incomplete, "tests/test_greet.sh -3,0 +4,1") {
		t.Fatalf("verdict %s runs %d incomplete %q", res.Verdict, res.Runs, res.Incomplete)
	}
	if got := hunkVerdicts(res.Files[0]); got != "-2,1 +2,1=permitted/hunk -3,0 +4,1=escalate/undecided" {
		t.Errorf("hunks: %s", got)
	}
	if ds := Findings(res); len(ds) != 1 || ds[0].Rule != RuleUndecided || ds[0].Line != 4 {
		t.Errorf("findings %+v", ds)
	}
}

// TestFileBudgetLeavesBothUndecided: two files, a budget of two runs (the
// baseline and the set): neither file is reverted on its own, both
// escalate as undecided, and each finding says the budget decided it.
func TestFileBudgetLeavesBothUndecided(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{write: map[string]string{
		"tests/test_greet.sh": shProject["tests/test_greet.sh"] + "true\n",
		"tests/test_len.sh":   shProject["tests/test_len.sh"] + "true\n",
	}})
	res := h.checkAt(t, ByFile, 2)
	if res.Verdict != Escalate || res.Runs != 2 || res.Incomplete == "" || verdicts(res.Files) != "tests/test_greet.sh=escalate tests/test_len.sh=escalate" {
		t.Fatalf("verdict %s runs %d incomplete %q files %s", res.Verdict, res.Runs, res.Incomplete, verdicts(res.Files))
	}
	if res.Files[0].Decided != Undecided || res.Files[1].Decided != Undecided {
		t.Errorf("files decided %q, %q", res.Files[0].Decided, res.Files[1].Decided)
	}
	for _, d := range Findings(res) {
		if !strings.Contains(d.Message, "run budget") {
			t.Errorf("finding does not say the budget decided it: %s", d.Message)
		}
	}
}

// TestTamperedHeadObjectFailsClosed: the head versions put back between
// runs are hash-checked too; a rewritten object decides nothing.
func TestTamperedHeadObjectFailsClosed(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{write: map[string]string{
		"tests/test_greet.sh": shProject["tests/test_greet.sh"] + "true\n",
	}})
	tamperBlob(t, h.dir, "HEAD:tests/test_greet.sh", "true # rewritten\n")
	res := h.checkAt(t, ByHunk, 0)
	if res.Verdict != CouldNotRun || !strings.Contains(res.Reason, "head versions") {
		t.Fatalf("verdict %s reason %q", res.Verdict, res.Reason)
	}
}

// TestHunkBoundsDecideLargeFilesAsFiles: a file with more hunks than
// maxHunks is not split (the diff and the document stay bounded); it is
// still decided as a file.
func TestHunkBoundsDecideLargeFilesAsFiles(t *testing.T) {
	t.Parallel()
	var base, head strings.Builder
	base.WriteString(shProject["tests/test_greet.sh"])
	head.WriteString(shProject["tests/test_greet.sh"])
	for i := range maxHunks + 1 {
		base.WriteString("true # keep\n")
		head.WriteString("true # keep\n")
		head.WriteString("true # added " + strings.Repeat("x", i%7) + "\n")
	}
	h := build(t, with(shProject, map[string]string{"tests/test_greet.sh": base.String()}),
		change{write: map[string]string{"tests/test_greet.sh": head.String()}})
	res := h.checkAt(t, ByHunk, 0)
	if res.Verdict != Escalate || len(res.Files) != 1 || len(res.Files[0].Hunks) != 0 || res.Runs != 2 {
		t.Fatalf("verdict %s files %d hunks %d runs %d", res.Verdict, len(res.Files), len(res.Files[0].Hunks), res.Runs)
	}
}

// TestFileCoupledEditsStillEscalate: a rename split across two governed
// files (a helper and its caller), forced by nothing: each file reverted
// alone breaks the suite, both reverted pass. The set decision escalates,
// and file granularity keeps it, reported on each file.
func TestFileCoupledEditsStillEscalate(t *testing.T) {
	t.Parallel()
	project := with(shProject, map[string]string{
		"tests/lib.sh":        "check() { [ \"$(greet bob)\" = \"hello bob\" ]; }\n",
		"tests/test_greet.sh": ". ./src/greet.sh\n. ./tests/lib.sh\ncheck || exit 1\n",
	})
	h := build(t, project, change{write: map[string]string{
		"tests/lib.sh":        strings.Replace(project["tests/lib.sh"], "check()", "check2()", 1),
		"tests/test_greet.sh": strings.Replace(project["tests/test_greet.sh"], "check ||", "check2 ||", 1),
	}})
	res := h.checkAt(t, ByFile, 0)
	if verdicts(res.Files) != "tests/lib.sh=permitted tests/test_greet.sh=permitted" || res.Set == nil || res.Set.Verdict != Escalate {
		t.Fatalf("files %s set %+v", verdicts(res.Files), res.Set)
	}
	if res.Verdict != Escalate || rules(res) != "revert/not-load-bearing@tests/lib.sh revert/not-load-bearing@tests/test_greet.sh" {
		t.Errorf("verdict %s findings %s", res.Verdict, rules(res))
	}
}
