package verify

import (
	"strings"
	"testing"
)

// TestBrokenWorkNamesTheStoryAndThePath: a rerun of an impacted story
// that did not pass is one verify/accepted-work-broken finding at the
// item, naming the story, its state, the outcome and the changed path; a
// rerun that passed is none.
func TestBrokenWorkNamesTheStoryAndThePath(t *testing.T) {
	im := Impact{Story: "STORY-001", State: "done", Path: "src/orders/x.go"}
	cases := []struct {
		name    string
		res     Result
		found   bool
		phrases []string
	}{
		{"failed", Result{Story: "s/A.md", ID: "V1", Line: 9, Column: 11, Command: "go test", Verdict: VerdictFail, ExitCode: 1}, true,
			[]string{"STORY-001 (done)", "V1", "failed (exit code 1)", "src/orders/x.go", `pass_when "exit_code == 0"`}},
		{"timed out", Result{Story: "s/A.md", ID: "V2", Line: 3, Column: 1, Verdict: VerdictTimeout, PassWhen: "exit_code == 0 && size(stdout) > 0"}, true,
			[]string{"V2", "timed out", `size(stdout) > 0`}},
		{"could not be judged", Result{Story: "s/A.md", ID: "V3", Line: 4, Column: 1, Verdict: VerdictError}, true,
			[]string{"could not be judged"}},
		{"passed", Result{Story: "s/A.md", ID: "V4", Verdict: VerdictPass}, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, ok := BrokenWork(c.res, im)
			if ok != c.found {
				t.Fatalf("found %v, want %v: %+v", ok, c.found, d)
			}
			if !ok {
				return
			}
			if d.Rule != RuleAcceptedWorkBroken || d.File != c.res.Story || d.Line != c.res.Line || d.Column != c.res.Column {
				t.Errorf("finding %+v, want %s at %s:%d:%d", d, RuleAcceptedWorkBroken, c.res.Story, c.res.Line, c.res.Column)
			}
			for _, p := range c.phrases {
				if !strings.Contains(d.Message, p) {
					t.Errorf("message %q does not say %q", d.Message, p)
				}
			}
		})
	}
}
