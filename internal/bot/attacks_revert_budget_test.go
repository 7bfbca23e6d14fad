package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// TestActionRevertPaddingEscalatesTheDeletion: the deleted assertion is
// decided first and escalates; the repair the budget did not reach is
// escalate too, an annotation on the check run and a row and a note in
// the comment. Decided in name order, the deletion was the edit left to
// the set's verdict, permitted, and the check said "forced".
func TestActionRevertPaddingEscalatesTheDeletion(t *testing.T) {
	h := paddedRevert(t, true)
	g, _ := h.document().Gate(gate.RevertCheck)
	var got []string
	for _, d := range g.Diagnostics {
		got = append(got, d.Rule+"@"+d.File)
	}
	if g.Conclusion != gate.Failure || strings.Join(got, " ") != "revert/undecided@tests/test_a6.sh revert/not-load-bearing@tests/test_z.sh" {
		t.Fatalf("revert gate %s findings %v title %q", g.Conclusion, got, g.Title)
	}
	run := h.revertRun()
	if run.Conclusion == "success" || !strings.Contains(run.Title, "run budget ran out") || !annotated(run, "tests/test_a6.sh", "max_runs 8") {
		t.Errorf("check run %s %q annotations %+v", run.Conclusion, run.Title, run.Annotations)
	}
	body := h.stickyBody()
	for _, want := range []string{"| `tests/test_a6.sh` | whole file | ✋ escalate | undecided |", "| `tests/test_z.sh` | whole file | ✋ escalate | file |",
		"1 of 7 files and hunks were not reverted on their own and escalate", "Granularity: auto: file"} {
		if !strings.Contains(body, want) {
			t.Errorf("the comment lacks %q:\n%s", want, body)
		}
	}
}

// TestActionRevertPaddingControlIsForced: the same six forced repairs
// without the deletion fit the budget and are permitted, said as today.
func TestActionRevertPaddingControlIsForced(t *testing.T) {
	h := paddedRevert(t, false)
	g, _ := h.document().Gate(gate.RevertCheck)
	if g.Conclusion != gate.Success || len(g.Diagnostics) != 0 || !strings.Contains(g.Title, "forced") {
		t.Fatalf("revert gate %s %q findings %+v", g.Conclusion, g.Title, g.Diagnostics)
	}
	if body := h.stickyBody(); strings.Contains(body, "undecided") || !strings.Contains(body, "Granularity: auto: hunk") {
		t.Errorf("comment:\n%s", body)
	}
}

// The end-to-end attack on the revert check's budget (issue 23): six
// genuinely forced repairs in test files that sort first pad the change,
// and a deleted assertion that still passes comes last by name, under a
// max_runs one run short of deciding every file; the gate runs on the
// pull_request event against the fake. Its honest control is the same
// repairs without the deletion.

// paddedRevert runs the revert gate on paddedChange.
func paddedRevert(t *testing.T, weaken bool) *harness {
	h := newHarness(t)
	base, head := paddedChange(t, weaken)
	h.repo.Write(base)
	h.base = h.repo.Commit("suite")
	h.repo.Write(head)
	h.head = h.repo.Commit("rename the greeting")
	h.event("pull_request", "pull_request.synchronize")
	h.action(func(o *ActionOptions) { o.Gates = "revert-check" })
	return h
}

// paddedChange is a suite, a greeting and seven test files as the base,
// then the change: the greeting renamed and its six tests repaired, and,
// when weaken is set, test_z.sh's second assertion deleted. The change
// touches STORY-002, as an agent's iteration does, so the comment shows
// the revert verdict under it.
func paddedChange(t *testing.T, weaken bool) (base, head map[string]string) {
	base = map[string]string{
		".github/storygate.yml": "revert:\n  suite: 'for t in tests/test_*.sh; do sh $t || exit 1; done'\n  max_runs: 8\n",
		"src/greet.sh":          "greet() { echo \"hello $1\"; }\n",
		"tests/test_z.sh":       ". ./src/greet.sh\n[ -n \"$(greet x)\" ] || exit 1\n[ \"$(greet y)\" != \"\" ] || exit 1\n",
	}
	head = map[string]string{"src/greet.sh": "greet() { echo \"hi $1\"; }\n",
		"stories/STORY-002.md": demoFile(t, "STORY-002.md") + "\n<!-- iteration 1 -->\n"}
	for i := 1; i <= 6; i++ {
		p, assert := fmt.Sprintf("tests/test_a%d.sh", i), ". ./src/greet.sh\n[ \"$(greet n)\" = \"%s n\" ] || exit 1\n"
		base[p], head[p] = fmt.Sprintf(assert, "hello"), fmt.Sprintf(assert, "hi")
	}
	if weaken {
		head["tests/test_z.sh"] = ". ./src/greet.sh\n[ -n \"$(greet x)\" ] || exit 1\n"
	}
	return base, head
}

// revertRun is the revert check's check run on the fake.
func (h *harness) revertRun() githubtest.CheckRun {
	h.t.Helper()
	for _, r := range h.fake.CheckRuns() {
		if strings.Contains(r.Name, string(gate.RevertCheck)) {
			return r
		}
	}
	h.t.Fatalf("no revert check run in %+v", h.fake.CheckRuns())
	return githubtest.CheckRun{}
}

func (h *harness) stickyBody() string {
	var all []string
	for _, c := range h.fake.Comments(prRepo, prNumber) {
		all = append(all, c.Body)
	}
	return strings.Join(all, "\n")
}

func annotated(run githubtest.CheckRun, path, want string) bool {
	for _, a := range run.Annotations {
		if a.Path == path && strings.Contains(a.Message, want) {
			return true
		}
	}
	return false
}
