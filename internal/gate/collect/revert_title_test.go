package collect

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
)

// TestTheRevertTitleSaysWhatEscalated: "the suite passes without the
// edits" is said only when it does; a set forced as a whole whose file or
// hunk escalates on its own says so, naming the files (issue 28).
func TestTheRevertTitleSaysWhatEscalated(t *testing.T) {
	t.Parallel()
	hunk := func(path, lines, verdict string) gate.RevertDecision {
		return gate.RevertDecision{Path: path, Lines: lines, Verdict: verdict, Decided: "hunk"}
	}
	for _, c := range []struct {
		name      string
		v         gate.Revert
		want, not string
	}{
		{name: "set granularity", v: gate.Revert{Verdict: RevertEscalate, Paths: []string{"tests/a.py"}, Granularity: "set"},
			want: "the suite passes without the edits", not: "fails"},
		{name: "the set passes without the edits", v: gate.Revert{Verdict: RevertEscalate, Paths: []string{"tests/a.py", "tests/b.py"}, Granularity: "hunk", SetVerdict: RevertEscalate},
			want: "the suite passes without the edits", not: "fails"},
		{name: "the set was forced, a hunk was not", v: gate.Revert{Verdict: RevertEscalate, Paths: []string{"tests/a.py", "tests/b.py"}, Granularity: "hunk", SetVerdict: RevertPermitted,
			Decisions: []gate.RevertDecision{
				{Path: "tests/a.py", Verdict: RevertPermitted, Decided: "file"}, hunk("tests/a.py", "-1,1 +1,1", RevertPermitted), hunk("tests/a.py", "-9,0 +9,4", RevertEscalate),
				{Path: "tests/b.py", Verdict: RevertPermitted, Decided: "file"},
			}},
			want: "the suite fails without all the edits together, so the set is forced, but it still passes with parts of 1 file reverted on their own (hunk granularity)", not: "passes without the edits"},
		{name: "permitted", v: gate.Revert{Verdict: RevertPermitted, Paths: []string{"tests/a.py"}},
			want: "the suite fails without the edits", not: "passes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := revertTitle(c.v)
			if !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
				t.Errorf("title %q: want %q in it and %q not", got, c.want, c.not)
			}
		})
	}
}
