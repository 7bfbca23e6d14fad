package github

import "strings"

// headLinePrefix starts the second line of a sticky comment storygate
// writes: the commit the report is of. It is a hidden HTML comment that
// only storygate writes, and rendered text can never hold one (internal/
// inert breaks every "<!--" of text it did not write).
const headLinePrefix = "<!-- storygate:head "

// HeadLine is the hidden line naming the commit a sticky comment reports.
func HeadLine(head string) string { return headLinePrefix + head + " -->" }

// ReportedHead reads the commit a sticky comment storygate posted reports:
// its second line, right under the marker, when that is a head line with
// a full commit hash. A comment from before reports named their head, or
// anything else, reports none. Only storygate's own comments are ever
// read this way (markedComments keeps only those), and only at this
// place, which the rendered report never reaches.
func ReportedHead(body string) (string, bool) {
	_, rest, ok := strings.Cut(body, "\n")
	if !ok {
		return "", false
	}
	sha, ok := strings.CutSuffix(FirstLine(rest), " -->")
	if !ok {
		return "", false
	}
	sha, ok = strings.CutPrefix(sha, headLinePrefix)
	if !ok || !isFullSHA(sha) {
		return "", false
	}
	return sha, true
}

// isFullSHA reports whether s is a full hexadecimal commit hash (SHA-1 or
// SHA-256), in lower case as GitHub writes them.
func isFullSHA(s string) bool {
	return (len(s) == 40 || len(s) == 64) && strings.Trim(s, "0123456789abcdef") == ""
}
