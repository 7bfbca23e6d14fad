package github

import "strings"

// MeaningMarker starts the hidden last line of a comment storygate writes
// (internal/report): the SHA-256 of everything the comment says, leaving
// out what changes on every run without changing its meaning (the run
// link, the text of command output).
const MeaningMarker = "<!-- storygate:meaning sha256:"

// Meaning returns the meaning digest a comment body ends with, or "" when
// it has none (a body from before digests, or one cut to GitHub's limit).
func Meaning(body string) string {
	i := strings.LastIndex(body, MeaningMarker)
	if i < 0 {
		return ""
	}
	hexDigest, _, ok := strings.Cut(body[i+len(MeaningMarker):], " -->")
	if !ok || len(hexDigest) != 64 || strings.Trim(hexDigest, "0123456789abcdef") != "" {
		return ""
	}
	return hexDigest
}

// sameMeaning reports whether two comment bodies say the same thing: equal
// bytes, or equal meaning digests. The sticky comment is edited only when
// its meaning changes, so a rerun that differs only in its run link or its
// timings leaves the posted comment (and its notification) alone.
func sameMeaning(posted, body string) bool {
	if posted == body {
		return true
	}
	m := Meaning(body)
	return m != "" && Meaning(posted) == m
}
