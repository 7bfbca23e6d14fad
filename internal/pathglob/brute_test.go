package pathglob

import (
	"strings"
	"testing"
)

// The brute-force universe: every pattern of up to maxPieces pieces and
// every string of up to maxPath characters over {a, b, /}. The pieces cover
// each construct of the dialect: a literal, the separator, `*`, `**`, `?`,
// a class with a `/` (refused), a negated class and a range that spans `/`.
var brutePieces = []string{"a", "/", "*", "**", "?", "[a/]", "[!a]", "[.-b]"}

// patterns lists every concatenation of 1..n pieces.
func patterns(n int) []string {
	out, layer := []string{}, []string{""}
	for range n {
		var next []string
		for _, p := range layer {
			for _, piece := range brutePieces {
				next = append(next, p+piece)
			}
		}
		out, layer = append(out, next...), next
	}
	return out
}

// paths lists every string of 0..n characters over {a, b, /}: repository
// paths and the strings no repository has ("", "a//b", "/a"), since the
// matcher may be asked about any string.
func paths(n int) []string {
	out, layer := []string{""}, []string{""}
	for range n {
		var next []string
		for _, p := range layer {
			for _, c := range []string{"a", "b", "/"} {
				next = append(next, p+c)
			}
		}
		out, layer = append(out, next...), next
	}
	return out
}

// refMatch is the dialect written out the slow, obvious way, sharing no
// code with the matcher: `**` as a whole segment spans zero or more
// segments, every other segment matches exactly one segment, character by
// character, and no construct inside a segment meets a `/`.
func refMatch(pattern, p string) bool {
	return refSegments(strings.Split(pattern, "/"), strings.Split(p, "/"))
}

func refSegments(pat, path []string) bool {
	if len(pat) == 0 {
		return len(path) == 0
	}
	if pat[0] == "**" {
		for skip := 0; skip <= len(path); skip++ {
			if refSegments(pat[1:], path[skip:]) {
				return true
			}
		}
		return false
	}
	return len(path) > 0 && refSegment(pat[0], path[0]) && refSegments(pat[1:], path[1:])
}

func refSegment(pat, s string) bool {
	if pat == "" {
		return s == ""
	}
	switch pat[0] {
	case '*':
		for n := 0; n <= len(s); n++ {
			if refSegment(pat[1:], s[n:]) {
				return true
			}
		}
		return false
	case '?':
		return s != "" && refSegment(pat[1:], s[1:])
	case '[':
		body, end := classBody(pat[1:])
		return s != "" && refClass(pat[1] == '!' || pat[1] == '^', body, s[0]) && refSegment(pat[2+end:], s[1:])
	}
	return s != "" && s[0] == pat[0] && refSegment(pat[1:], s[1:])
}

// refClass: the set of single bytes and ranges, negated or not, never `/`.
func refClass(negate bool, body string, c byte) bool {
	in := false
	for i := 0; i < len(body); i++ {
		if i+2 < len(body) && body[i+1] == '-' {
			in = in || (body[i] <= c && c <= body[i+2])
			i += 2
			continue
		}
		in = in || body[i] == c
	}
	return c != '/' && in != negate
}

// refCovers is Covers from the reference: a literal entry covers itself
// and everything under it, a glob what it matches.
func refCovers(entry, p string) bool {
	e := Normalize(entry)
	switch {
	case e == "" || Validate(e) != nil:
		return false
	case IsGlob(e):
		return refMatch(e, p)
	}
	return p == e || strings.HasPrefix(p, e+"/")
}

// coverSets answers, for each entry, which paths of the universe it covers
// (by the matcher under test), as a bit set.
func coverSets(entries, universe []string) [][]uint64 {
	sets := make([][]uint64, len(entries))
	for i, e := range entries {
		sets[i] = make([]uint64, (len(universe)+63)/64)
		for j, p := range universe {
			if Covers(e, p) {
				sets[i][j/64] |= 1 << (j % 64)
			}
		}
	}
	return sets
}

func meet(x, y []uint64) bool {
	for i := range x {
		if x[i]&y[i] != 0 {
			return true
		}
	}
	return false
}

// TestMatchAgreesWithBruteForce: over the whole universe, Covers answers
// what the reference answers, so no class, range or negation ever matches
// `/`, and Validate refuses exactly the patterns with a `/` inside a class.
func TestMatchAgreesWithBruteForce(t *testing.T) {
	t.Parallel()
	universe := paths(6)
	for _, pat := range patterns(3) {
		if refused, slash := Validate(pat) != nil, strings.Contains(pat, "[a/]"); refused != slash {
			t.Errorf("Validate(%q) refused = %v, want %v", pat, refused, slash)
		}
		for _, p := range universe {
			if got, want := Covers(pat, p), refCovers(pat, p); got != want {
				t.Errorf("Covers(%q, %q) = %v, the reference says %v", pat, p, got, want)
			}
		}
	}
}

// TestOverlapAgainstBruteForce checks Overlap against the paths both
// entries cover, found by trying every path of the universe: every pair of
// patterns of up to 3 pieces, and (unless -short) every pattern of 4
// pieces against every pattern of up to 2.
//
// Soundness, for every pair: Overlap false ⇒ no path of the universe is
// covered by both. Completeness where Overlap claims it, a literal entry
// against any entry, both valid and not empty (an invalid or empty entry
// covers nothing and overlaps everything: contract/scope-path's finding):
// there Overlap compares literal segments, so it is exact, and Overlap
// true ⇒ some path of the universe is covered by both. The bound suffices
// for that: a common path is the literal L (n ≤ 3 characters) or L/s, and
// the glob's pieces that match s need at most one character each (a `*` or
// `**` none), so a witness has at most n + 1 + 3 = 7 characters: paths(7).
// For the pairs with 4 pieces only soundness is checked, over the paths of
// up to 5 characters (to stay within a few seconds under -race).
func TestOverlapAgainstBruteForce(t *testing.T) {
	t.Parallel()
	universe := paths(7)
	small := patterns(3)
	smallSets := coverSets(small, universe)
	checkOverlap(t, small, small, smallSets, smallSets, true)
	if testing.Short() {
		return
	}
	shorter, tiny, large := paths(5), patterns(2), patterns(4)[len(small):]
	checkOverlap(t, large, tiny, coverSets(large, shorter), coverSets(tiny, shorter), false)
}

// checkOverlap compares Overlap(a, b) with the covered paths for every a
// of as and b of bs; complete says whether to check completeness too.
func checkOverlap(t *testing.T, as, bs []string, aSets, bSets [][]uint64, complete bool) {
	t.Helper()
	for i, a := range as {
		for j, b := range bs {
			common, overlap := meet(aSets[i], bSets[j]), Overlap(a, b)
			if common && !overlap {
				t.Errorf("Overlap(%q, %q) = false, but both cover a path", a, b)
			}
			if complete && overlap && !common && exactPair(a, b) {
				t.Errorf("Overlap(%q, %q) = true with a literal side, but no path of up to 7 characters is covered by both", a, b)
			}
		}
	}
}

// exactPair reports whether Overlap is exact for a and b: both valid and
// not empty, and one of them literal.
func exactPair(a, b string) bool {
	_, va := segmentsOf(a)
	_, vb := segmentsOf(b)
	return va && vb && (!IsGlob(a) || !IsGlob(b))
}
