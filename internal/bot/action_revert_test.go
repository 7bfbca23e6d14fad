package bot

import (
	"testing"

	"github.com/storygate/storygate/internal/revert"
)

// TestSetVerdictIsTheVerdictOnEveryEditTogether: the gate's summary tells a
// forced set from one that passes without its edits by this verdict.
func TestSetVerdictIsTheVerdictOnEveryEditTogether(t *testing.T) {
	t.Parallel()
	file := func(v revert.Verdict, decided string) revert.FileVerdict {
		return revert.FileVerdict{Path: "tests/a.py", Decision: revert.Decision{Verdict: v}, Decided: decided}
	}
	for _, c := range []struct {
		name string
		res  revert.Result
		want string
	}{
		{"set granularity", revert.Result{Verdict: revert.Escalate}, ""},
		{"a set run", revert.Result{Set: &revert.Decision{Verdict: revert.Permitted}, Files: []revert.FileVerdict{file(revert.Escalate, revert.DecidedByFile), file(revert.Permitted, revert.DecidedByFile)}}, "permitted"},
		{"one file is its own set", revert.Result{Files: []revert.FileVerdict{file(revert.Permitted, revert.DecidedByFile)}}, "permitted"},
		{"one file never decided", revert.Result{Files: []revert.FileVerdict{file(revert.Escalate, revert.Undecided)}}, ""},
	} {
		if got := setVerdict(&c.res); got != c.want {
			t.Errorf("%s: setVerdict = %q, want %q", c.name, got, c.want)
		}
	}
}
