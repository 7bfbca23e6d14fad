// Package pathglob matches slash paths against globs where `**` spans any
// number of directories, as story globs and scope paths are written.
package pathglob

import (
	"path"
	"strings"
)

// Match reports whether the slash path p matches pattern; segments other
// than `**` follow path.Match.
func Match(pattern, p string) bool {
	return matchSegments(strings.Split(pattern, "/"), strings.Split(p, "/"))
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

func matchSegments(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(segs); i++ {
				if matchSegments(pat[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, err := path.Match(pat[0], segs[0]); err != nil || !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}

// Set is a compiled list of patterns, for matching many paths.
type Set [][]string

// Compile splits the patterns once.
func Compile(patterns []string) Set {
	out := make(Set, len(patterns))
	for i, p := range patterns {
		out[i] = strings.Split(p, "/")
	}
	return out
}

// Match reports whether p matches any pattern of the set.
func (s Set) Match(p string) bool {
	segs := strings.Split(p, "/")
	for _, pat := range s {
		if matchSegments(pat, segs) {
			return true
		}
	}
	return false
}
