package revert

import (
	"fmt"
	"strings"
	"testing"
)

// paddedProject has six test files asserting the greeting, each in a file
// whose name sorts before tests/test_z_len.sh, which holds an assertion
// of its own that passes whatever the change does.
func paddedProject() map[string]string {
	files := with(shProject, map[string]string{
		"tests/test_z_len.sh": ". ./src/greet.sh\n[ -n \"$(greet x)\" ] || exit 1\n[ ${#GREETING_UNUSED} -eq 0 ] || exit 1\n",
	})
	delete(files, "tests/test_len.sh")
	delete(files, "tests/test_greet.sh")
	for i := 1; i <= 6; i++ {
		files[fmt.Sprintf("tests/test_a%d.sh", i)] = fmt.Sprintf(". ./src/greet.sh\n[ \"$(greet n%d)\" = \"hello n%d\" ] || exit 1\n", i, i)
	}
	return files
}

// forcedRepairs renames the greeting and repairs the six padding tests:
// each repair is forced (reverting it fails the suite).
func forcedRepairs(project map[string]string) map[string]string {
	out := with(renamedGreeting)
	for i := 1; i <= 6; i++ {
		p := fmt.Sprintf("tests/test_a%d.sh", i)
		out[p] = strings.Replace(project[p], "\"hello ", "\"hi ", 1)
	}
	return out
}

// TestPaddingAttackEscalatesTheWeakening is the attack on the budget:
// six genuinely forced repairs in files that sort first, and one deleted
// assertion that still passes, with a budget one run short of deciding
// every file. Decided in name order the budget ran out before the
// deletion, which kept the set's verdict: permitted. The deletion is now
// decided first and escalates, and the repair the budget did not reach
// escalates as undecided, named in the result, at every granularity
// that splits the set.
func TestPaddingAttackEscalatesTheWeakening(t *testing.T) {
	t.Parallel()
	project := paddedProject()
	attack := forcedRepairs(project)
	attack["tests/test_z_len.sh"] = ". ./src/greet.sh\n[ -n \"$(greet x)\" ] || exit 1\n"
	h := build(t, project, change{write: attack})
	for _, g := range []Granularity{"", ByFile, ByHunk} {
		res := h.checkAt(t, g, 8) // baseline, set, seven files would take nine
		if res.Verdict != Escalate || res.Runs != 8 {
			t.Fatalf("%q: verdict %s runs %d", g, res.Verdict, res.Runs)
		}
		got := rules(res)
		if !strings.Contains(got, "revert/not-load-bearing@tests/test_z_len.sh") {
			t.Errorf("%q: the deleted assertion is not escalated: %s", g, got)
		}
		if !strings.Contains(got, "revert/undecided@tests/test_a6.sh") || strings.Count(got, "revert/undecided") != 1 {
			t.Errorf("%q: the repair the budget left is not the one undecided: %s", g, got)
		}
		if !strings.Contains(res.Incomplete, "1 of 7") || !strings.Contains(res.Incomplete, "tests/test_a6.sh") {
			t.Errorf("%q: incomplete %q", g, res.Incomplete)
		}
	}
}

// TestPaddingControlForcedRepairsArePermitted is the honest control: the
// same forced repairs without the deletion, and a budget that decides
// every file, are permitted with no finding.
func TestPaddingControlForcedRepairsArePermitted(t *testing.T) {
	t.Parallel()
	project := paddedProject()
	h := build(t, project, change{write: forcedRepairs(project)})
	for _, g := range []Granularity{"", ByFile, ByHunk} {
		res := h.checkAt(t, g, 8) // baseline, set, six files
		if res.Verdict != Permitted || rules(res) != "" || res.Incomplete != "" || res.Runs != 8 {
			t.Errorf("%q: verdict %s findings %q incomplete %q runs %d", g, res.Verdict, rules(res), res.Incomplete, res.Runs)
		}
	}
}

// TestBudgetExhaustedEscalatesTheUndecided: honest forced repairs, but a
// budget that reaches only three of the six files. The three left are
// escalate, each a finding, all named in the result: a budget too small
// for the change never passes it.
func TestBudgetExhaustedEscalatesTheUndecided(t *testing.T) {
	t.Parallel()
	project := paddedProject()
	h := build(t, project, change{write: forcedRepairs(project)})
	res := h.checkAt(t, ByFile, 5)
	if res.Verdict != Escalate || res.Runs != 5 {
		t.Fatalf("verdict %s runs %d", res.Verdict, res.Runs)
	}
	undecided := []string{}
	for _, f := range res.Files {
		if f.Decided == Undecided {
			undecided = append(undecided, f.Path)
			if !strings.Contains(res.Incomplete, f.Path) {
				t.Errorf("incomplete %q does not name %s", res.Incomplete, f.Path)
			}
		}
	}
	if len(undecided) != 3 || !strings.Contains(res.Incomplete, "3 of 6") {
		t.Errorf("undecided %v incomplete %q", undecided, res.Incomplete)
	}
	if got := strings.Count(rules(res), RuleUndecided); got != 3 {
		t.Errorf("%d undecided findings: %s", got, rules(res))
	}
}

// TestDroppedAssertionBesideARepairEscalatesByDefault: one file holds a
// forced repair and a dropped assertion that still passes. At set (and
// file) granularity the repair shelters the deletion; the default
// chooses hunk within the default budget and escalates it, on its line.
func TestDroppedAssertionBesideARepairEscalatesByDefault(t *testing.T) {
	t.Parallel()
	base := greetFile + "[ -n \"$(greet y)\" ] || exit 1\n"
	lines := strings.SplitAfter(repaired, "\n")
	head := lines[0] + lines[1] + "echo greet-done\n"
	h := build(t, with(greetProject, map[string]string{"tests/test_greet.sh": base}),
		change{write: with(renamedGreeting, map[string]string{"tests/test_greet.sh": head})})
	if res := h.checkAt(t, BySet, 0); res.Verdict != Permitted {
		t.Fatalf("set: verdict %s: the repair should shelter the deletion there", res.Verdict)
	}
	res := h.checkAt(t, "", 0)
	if res.Granularity != ByHunk || !strings.HasPrefix(res.GranularityReason, "auto: hunk") {
		t.Fatalf("granularity %s (%s)", res.Granularity, res.GranularityReason)
	}
	if got := hunkVerdicts(res.Files[0]); res.Verdict != Escalate || got != "-2,1 +2,1=permitted/hunk -4,1 +3,0=escalate/hunk" {
		t.Errorf("verdict %s hunks %s", res.Verdict, got)
	}
	// One run short of hunk granularity, auto is file, and the run the
	// file leaves decides the hunk that removes lines, not the repair.
	res = h.checkAt(t, "", 3)
	if got := hunkVerdicts(res.Files[0]); res.Granularity != ByFile || res.Verdict != Escalate || got != "-2,1 +2,1=permitted/file -4,1 +3,0=escalate/hunk" {
		t.Errorf("max_runs 3: granularity %s verdict %s hunks %s", res.Granularity, res.Verdict, got)
	}
}

// TestAutoGranularityFollowsTheBudget: the default is hunk when every
// file and hunk fits max_runs, counted before any run, else file (the
// runs left decide hunks in rank order, the rest keep the file's
// verdict); never set. The reason says which and why.
func TestAutoGranularityFollowsTheBudget(t *testing.T) {
	t.Parallel()
	// One file, two hunks: file takes 2 runs (baseline, file), hunk 4.
	h := build(t, greetProject, change{write: with(renamedGreeting, map[string]string{
		"tests/test_greet.sh": repaired + "[ -n \"$(greet)\" ] || exit 1\n",
	})})
	for _, c := range []struct {
		maxRuns int
		want    Granularity
		reason  string
		runs    int
		hunks   string
	}{
		{0, ByHunk, "at most 4 suite runs, within max_runs 20", 4, "-2,1 +2,1=permitted/hunk -3,0 +4,1=escalate/hunk"},
		{4, ByHunk, "at most 4 suite runs, within max_runs 4", 4, "-2,1 +2,1=permitted/hunk -3,0 +4,1=escalate/hunk"},
		{3, ByFile, "could take 4 suite runs, more than max_runs 3 (file takes 2)", 3, "-2,1 +2,1=permitted/hunk -3,0 +4,1=permitted/file"},
		{2, ByFile, "could take 4 suite runs, more than max_runs 2 (file takes 2)", 2, "-2,1 +2,1=permitted/file -3,0 +4,1=permitted/file"},
	} {
		res := h.checkAt(t, "", c.maxRuns)
		if res.Granularity != c.want || !strings.Contains(res.GranularityReason, c.reason) || res.Runs != c.runs {
			t.Errorf("max_runs %d: granularity %s (%s) runs %d; want %s (%s) runs %d", c.maxRuns, res.Granularity, res.GranularityReason, res.Runs, c.want, c.reason, c.runs)
		}
		if len(res.Files) != 1 || hunkVerdicts(res.Files[0]) != c.hunks || res.Incomplete != "" {
			t.Errorf("max_runs %d: hunks %s, want %s; incomplete %q", c.maxRuns, hunkVerdicts(res.Files[0]), c.hunks, res.Incomplete)
		}
	}
}

// TestRankDecidesRemovalsFirst: the order edits are decided in depends on
// what they remove, then on names only to break ties.
func TestRankDecidesRemovalsFirst(t *testing.T) {
	t.Parallel()
	hunk := func(baseCount, headCount int) Hunk {
		return Hunk{Base: Lines{Start: 1, Count: baseCount}, Head: Lines{Start: 1, Count: headCount}}
	}
	for _, c := range []struct {
		name  string
		first rank
		then  rank
	}{
		{"a deleted file before a removal", rank{class: classDeleted, path: "z"}, hunkRank("a", hunk(5, 0))},
		{"a removal before a replacement", hunkRank("z", hunk(1, 0)), hunkRank("a", hunk(9, 9))},
		{"a replacement before an addition", hunkRank("z", hunk(1, 1)), hunkRank("a", hunk(0, 1))},
		{"more removed first", hunkRank("z", hunk(3, 1)), hunkRank("a", hunk(2, 1))},
		{"fewer added back first", hunkRank("z", hunk(2, 1)), hunkRank("a", hunk(2, 2))},
		{"then by path", hunkRank("a", hunk(2, 2)), hunkRank("b", hunk(2, 2))},
	} {
		if !c.first.before(c.then) || c.then.before(c.first) {
			t.Errorf("%s: %+v is not before %+v", c.name, c.first, c.then)
		}
	}
}
