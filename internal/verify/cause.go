package verify

import "strings"

// Bounds on a failed rerun's cause: the end of its stderr, where a test
// runner, a compiler or the shell says what went wrong, short enough to
// print under the finding and at the top of the comment's rerun.
const (
	CauseLines     = 10
	CauseLineBytes = 300
	CauseBytes     = 2000
)

// Cause is the last lines of a failed rerun's stderr, at most CauseLines
// lines of at most CauseLineBytes bytes each and CauseBytes in all; ""
// for a rerun that passed or wrote nothing to stderr. It is the command's
// own text, which an agent controls: every printer neutralizes it
// (internal/inert) before rendering.
func Cause(r Result) string {
	if r.Passed() {
		return ""
	}
	lines := strings.Split(strings.TrimRight(r.StderrTail, "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	lines = lines[max(0, len(lines)-CauseLines):]
	for i, l := range lines {
		lines[i] = strings.ToValidUTF8(truncate(strings.TrimRight(l, "\r"), CauseLineBytes), "")
	}
	for len(lines) > 1 && len(strings.Join(lines, "\n")) > CauseBytes {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n")
}

// truncate keeps the first n bytes of s, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
