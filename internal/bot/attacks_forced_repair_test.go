package bot

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
)

// The end-to-end case of issue 28: a generating story whose scope.write is
// src/greet.sh renames the greeting, and the governed test outside its
// scope is repaired. story-017 permits a forced repair, so the revert
// check's verdict decides the test file, not scope/out-of-scope: the
// honest change passes and the comment shows no ❌ for the repaired test.
// The attack beside it is an unforced edit outside scope (a weakened
// assertion the suite passes without): it still fails, through the revert
// finding, and is not reported twice.

// TestActionForcedRepairOutsideScopePasses is the honest case.
func TestActionForcedRepairOutsideScopePasses(t *testing.T) {
	h := forcedRepair(t, false)
	doc := h.document()
	stories, _ := doc.Gate(gate.Stories)
	revertGate, _ := doc.Gate(gate.RevertCheck)
	if stories.Conclusion != gate.Success || revertGate.Conclusion != gate.Success || len(revertGate.Diagnostics) != 0 {
		t.Fatalf("stories %s %+v, revert-check %s %q %+v", stories.Conclusion, stories.Diagnostics, revertGate.Conclusion, revertGate.Title, revertGate.Diagnostics)
	}
	body := h.stickyBody()
	if !strings.Contains(body, "permitted") {
		t.Errorf("the comment does not show the permitted verdict:\n%s", body)
	}
	for _, line := range strings.Split(body, "\n") {
		if strings.Contains(line, "test_greet.sh") && strings.Contains(line, "❌") {
			t.Errorf("the comment fails the forced repair: %q\n%s", line, body)
		}
	}
}

// TestActionUnforcedTestEditOutsideScopeFails is the attack: the same
// change plus a weakened assertion in another governed test.
func TestActionUnforcedTestEditOutsideScopeFails(t *testing.T) {
	h := forcedRepair(t, true)
	doc := h.document()
	stories, _ := doc.Gate(gate.Stories)
	revertGate, _ := doc.Gate(gate.RevertCheck)
	var got []string
	for _, d := range revertGate.Diagnostics {
		got = append(got, d.Rule+"@"+d.File)
	}
	if revertGate.Conclusion != gate.Failure || strings.Join(got, " ") != "revert/not-load-bearing@tests/test_extra.sh" {
		t.Fatalf("revert-check %s %q findings %v", revertGate.Conclusion, revertGate.Title, got)
	}
	for _, d := range stories.Diagnostics {
		if d.Rule == "scope/out-of-scope" {
			t.Errorf("the governed edit is reported twice, by scope too: %+v", d)
		}
	}
	if body := h.stickyBody(); !strings.Contains(body, "test_extra.sh") || !strings.Contains(body, "escalate") {
		t.Errorf("the comment does not show the escalated edit:\n%s", body)
	}
}

// forcedRepair runs the stories and revert-check gates on the change: the
// greeting renamed in src/greet.sh (STORY-010's scope) and
// tests/test_greet.sh repaired for it; with weaken, tests/test_extra.sh
// loses an assertion the suite does not need.
func forcedRepair(t *testing.T, weaken bool) *harness {
	h := newHarness(t)
	suite := "revert:\n  suite: 'for t in tests/test_*.sh; do sh $t || exit 1; done'\n"
	h.repo.Write(map[string]string{".github/storygate.yml": suite,
		"src/greet.sh":         "greet() { echo \"hello $1\"; }\n",
		"tests/test_greet.sh":  ". ./src/greet.sh\n[ \"$(greet n)\" = \"hello n\" ] || exit 1\n",
		"tests/test_extra.sh":  ". ./src/greet.sh\n[ -n \"$(greet x)\" ] || exit 1\n[ \"$(greet y)\" != \"\" ] || exit 1\n",
		"stories/STORY-010.md": generatingStory(t, "base")})
	h.base = h.repo.Commit("suite")
	head := map[string]string{"src/greet.sh": "greet() { echo \"hi $1\"; }\n",
		"tests/test_greet.sh":  ". ./src/greet.sh\n[ \"$(greet n)\" = \"hi n\" ] || exit 1\n",
		"stories/STORY-010.md": generatingStory(t, "head")}
	if weaken {
		head["tests/test_extra.sh"] = ". ./src/greet.sh\n[ -n \"$(greet x)\" ] || exit 1\n"
	}
	h.repo.Write(head)
	h.head = h.repo.Commit("rename the greeting")
	h.event("pull_request", "pull_request.synchronize")
	h.action(func(o *ActionOptions) { o.Gates = "stories,revert-check" })
	return h
}

// generatingStory is the scope/out-of-scope rule's ok fixture (a story
// generating at base whose head adds its iteration), as STORY-010 with
// scope.write src/greet.sh; at is base or head.
func generatingStory(t *testing.T, at string) string {
	t.Helper()
	_, self, _, _ := runtime.Caller(0)
	data, err := os.ReadFile(filepath.Join(filepath.Dir(self), "..", "rules", "testdata", "scope", "out-of-scope", "ok", at, "stories", "STORY-001.md"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.NewReplacer("STORY-001", "STORY-010", "path/to/file", "src/greet.sh").Replace(string(data))
}
