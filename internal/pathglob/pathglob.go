// Package pathglob is storygate's one path matcher: story globs, scope
// entries (scope.write, scope.exclude) and governed prefixes all match here.
// Globs are matched segment by segment (match.go), keeping one
// backtracking point, the last `**`, so in time linear in the pattern times
// the path; each segment is matched by github.com/bmatcuk/doublestar/v4.
// `*`, `?` and character classes match within one segment and never a `/`
// (class.go). The patterns that could still recurse (brace alternatives)
// are refused by Validate, as are patterns a reader could take another way
// (backslashes: an escape to doublestar, a separator on Windows; a `/`
// inside a character class, which can match nothing).
package pathglob

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// MaxPatternLen bounds a pattern's length; a scope entry longer than any
// real path is an attack on the matcher, not a scope.
const MaxPatternLen = 1024

// IsGlob reports whether entry holds a wildcard (`*`, `?`, `[`, `{`).
func IsGlob(entry string) bool { return strings.ContainsAny(entry, "*?[{") }

// Validate says why entry is not a pattern storygate matches, or nil.
func Validate(entry string) error {
	switch {
	case len(entry) > MaxPatternLen:
		return fmt.Errorf("is %d bytes long; a pattern may be at most %d", len(entry), MaxPatternLen)
	case strings.Contains(entry, `\`):
		return errors.New("holds a backslash, which a glob reads as an escape and Windows as a separator; write paths with /")
	case strings.ContainsAny(entry, "{}"):
		return errors.New("holds a brace alternative ({a,b}), which storygate does not match; write one entry per alternative")
	case !doublestar.ValidatePattern(entry):
		return errors.New("is not a valid glob (an unclosed [ or a bad character class)")
	case classSlash(entry):
		return errors.New("holds a / inside a character class ([...]), which never matches the separator; write the / outside the class")
	}
	return nil
}

// Match reports whether the slash path p matches pattern, where `**` as a
// whole segment spans any number of directories and `*`, `?` and a
// character class match within one segment, never a `/` (class.go). An
// invalid pattern (Validate) matches nothing.
func Match(pattern, p string) bool {
	if Validate(pattern) != nil {
		return false
	}
	return matchValid(pattern, p)
}

// MatchAny reports whether p matches any of the patterns.
func MatchAny(patterns []string, p string) bool {
	for _, pat := range patterns {
		if Match(pat, p) {
			return true
		}
	}
	return false
}

// Set is a list of patterns checked once, for matching many paths.
type Set []string

// Compile drops the invalid patterns (which match nothing) once.
func Compile(patterns []string) Set {
	out := make(Set, 0, len(patterns))
	for _, p := range patterns {
		if Validate(p) == nil {
			out = append(out, p)
		}
	}
	return out
}

// Match reports whether p matches any pattern of the set.
func (s Set) Match(p string) bool {
	for _, pat := range s {
		if matchValid(pat, p) {
			return true
		}
	}
	return false
}

// Climbs reports whether entry has a ".." segment (between slashes or
// backslashes). Entries are relative to the root and matched against paths
// as written, so such an entry would leave the root, or match nothing.
func Climbs(entry string) bool {
	for _, seg := range strings.FieldsFunc(entry, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg == ".." {
			return true
		}
	}
	return false
}

// Normalize trims the spelling of a scope entry that does not change its
// meaning: surrounding space and a leading "./". A literal entry also loses
// its trailing "/" ("src/" and "src" name the same directory).
func Normalize(entry string) string {
	e := strings.TrimPrefix(strings.TrimSpace(entry), "./")
	if !IsGlob(e) {
		e = strings.TrimSuffix(e, "/")
	}
	return e
}

// Covers reports whether the scope entry covers the slash path p. An entry
// without wildcards names a file or a directory: it covers itself and
// everything under it ("src/" and "src" cover "src/a.go"). A glob entry
// covers exactly the paths it matches ("*.md" covers "README.md", not
// "docs/x.md"). An empty or invalid entry covers nothing.
func Covers(entry, p string) bool {
	e := Normalize(entry)
	if e == "" || Validate(e) != nil {
		return false
	}
	if IsGlob(e) {
		return matchValid(e, p)
	}
	return p == e || strings.HasPrefix(p, e+"/")
}

// CoversAny reports whether some entry covers p, and which.
func CoversAny(entries []string, p string) (string, bool) {
	for _, e := range entries {
		if Covers(e, p) {
			return e, true
		}
	}
	return "", false
}
