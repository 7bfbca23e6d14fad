package pathglob

import "strings"

// A character class ([...], [!...], [^...]) stands for one character of
// one segment: like `*` and `?`, it never matches the separator `/`, in a
// range that spans it ([.-0] is `.` or `0`) or a negation ([!a] is any
// character but `a` and `/`) as in a set. This is the reading of POSIX
// pathname matching and of shells; doublestar alone lets a class match `/`
// (`src[/]config.go` would match src/config.go, and `a[!b]c` a/c), so
// storygate matches a pattern with a class segment by segment
// (matchSegments). A `/` written inside a class could only ever mean
// nothing, so Validate refuses it (classSlash) instead of matching it.

// classSlash reports whether a character class of the (otherwise valid)
// pattern holds a `/`.
func classSlash(pattern string) bool {
	for i := 0; i < len(pattern); i++ {
		if pattern[i] != '[' {
			continue
		}
		body, end := classBody(pattern[i+1:])
		if strings.Contains(body, "/") {
			return true
		}
		i += 1 + end // the closing ]
	}
	return false
}

// classBody returns the body of the class that opens just before s
// (without its negation mark) and the index of its closing `]` in s. The
// first character of a body is never its end (doublestar refuses `[]`),
// and a valid pattern has no escapes, so the next `]` closes the class.
func classBody(s string) (body string, end int) {
	start := 0
	if start < len(s) && (s[start] == '!' || s[start] == '^') {
		start++
	}
	end = min(start+1, len(s))
	for end < len(s) && s[end] != ']' {
		end++
	}
	return s[start:end], end
}
