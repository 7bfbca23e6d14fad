package verify

import (
	"strings"
	"testing"
)

func TestCauseIsTheBoundedEndOfAFailedRerunsStderr(t *testing.T) {
	long := strings.Repeat("x", CauseLineBytes+50)
	many := strings.Repeat("line\n", 3*CauseLines) + "last\n"
	wide := strings.Repeat(strings.Repeat("y", CauseLineBytes)+"\n", CauseLines)
	tests := []struct {
		name string
		r    Result
		want func(string) bool
	}{
		{"a passed rerun has none", Result{Verdict: VerdictPass, StderrTail: "warning\n"}, func(s string) bool { return s == "" }},
		{"no stderr, no cause", Result{Verdict: VerdictFail, StdoutTail: "out\n"}, func(s string) bool { return s == "" }},
		{"the last lines", Result{Verdict: VerdictFail, StderrTail: many}, func(s string) bool {
			return strings.Count(s, "\n") == CauseLines-1 && strings.HasSuffix(s, "line\nlast")
		}},
		{"a long line is cut", Result{Verdict: VerdictTimeout, StderrTail: long + "\n"}, func(s string) bool {
			return len(s) < len(long) && strings.HasSuffix(s, "…")
		}},
		{"at most CauseBytes in all", Result{Verdict: VerdictFail, StderrTail: wide}, func(s string) bool {
			return len(s) <= CauseBytes && strings.HasSuffix(s, "y")
		}},
		{"no broken UTF-8", Result{Verdict: VerdictFail, StderrTail: strings.Repeat("é", CauseLineBytes)}, func(s string) bool {
			return strings.ToValidUTF8(s, "?") == s
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Cause(tt.r); !tt.want(got) {
				t.Errorf("Cause = %q", got)
			}
		})
	}
}
