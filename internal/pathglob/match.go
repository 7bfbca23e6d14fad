package pathglob

import (
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// matchValid matches a pattern Validate accepted, segment by segment: a
// `**` segment spans any number of path segments (none included) and any
// other segment matches exactly one (segmentMatch). Validate refuses a `/`
// inside a class, so every `/` of the pattern is a separator. It keeps one
// backtracking point, the last `**`, as doublestar does: time linear in
// the pattern times the path, and no allocation.
func matchValid(pattern, p string) bool {
	pi, si := 0, 0
	star, resume := -1, 0
	for !ended(p, si) {
		seg, next := segmentAt(p, si)
		if !ended(pattern, pi) {
			ps, pnext := segmentAt(pattern, pi)
			if ps == "**" {
				star, resume, pi = pnext, si, pnext
				continue
			}
			if segmentMatch(ps, seg) {
				pi, si = pnext, next
				continue
			}
		}
		if star < 0 {
			return false
		}
		_, resume = segmentAt(p, resume)
		pi, si = star, resume
	}
	for !ended(pattern, pi) {
		ps, pnext := segmentAt(pattern, pi)
		if ps != "**" {
			return false
		}
		pi = pnext
	}
	return true
}

// segmentAt returns the segment of s that starts at byte i and where the
// next one starts; past the last segment comes len(s)+1 (ended).
// Segments are short: a plain loop beats strings.IndexByte's setup.
func segmentAt(s string, i int) (seg string, next int) {
	for j := i; j < len(s); j++ {
		if s[j] == '/' {
			return s[i:j], j + 1
		}
	}
	return s[i:], len(s) + 1
}

func ended(s string, i int) bool { return i > len(s) }

// segmentMatch matches one pattern segment against one path segment with
// doublestar, which then has no `/` for a class to meet (class.go). Inside
// a segment a run of stars is one `*` (doublestar's reading too), written
// as one here because doublestar lets three or more trailing stars miss
// the empty string ("a***" would not match "a").
func segmentMatch(pattern, seg string) bool {
	if !wildcard(pattern) {
		return pattern == seg // most segments: no call to make
	}
	if strings.Contains(pattern, "**") {
		pattern = collapseStars(pattern)
	}
	return doublestar.MatchUnvalidated(pattern, seg)
}

func collapseStars(pattern string) string {
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		if pattern[i] == '*' && i > 0 && pattern[i-1] == '*' {
			continue
		}
		b.WriteByte(pattern[i])
	}
	return b.String()
}

// wildcard is IsGlob for one short segment, without IndexAny's setup.
func wildcard(seg string) bool {
	for i := 0; i < len(seg); i++ {
		switch seg[i] {
		case '*', '?', '[', '{':
			return true
		}
	}
	return false
}
