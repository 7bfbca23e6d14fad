package pathglob

import "strings"

// Overlap reports whether two scope entries can cover the same path. It is
// sound and conservative: it answers false only when no path can be covered
// by both, and may answer true for two globs that never meet. Entries are
// compared segment by segment; a literal entry stands for itself and
// everything under it (its segments then `**`). Two segments are disjoint
// when both are literal and differ, or one is literal and the other's glob
// does not match it; two glob segments are taken to meet. A `**` on either
// side ends the comparison with true, and an invalid entry overlaps
// everything (it is contract/scope-path's finding).
func Overlap(a, b string) bool {
	sa, oka := segmentsOf(a)
	sb, okb := segmentsOf(b)
	if !oka || !okb {
		return true
	}
	return segmentsMeet(sa, sb)
}

// segmentsOf splits a normalized entry; a literal entry gets a trailing
// `**` for the files under it. ok is false for an empty or invalid entry.
func segmentsOf(entry string) (segs []string, ok bool) {
	e := Normalize(entry)
	if e == "" || Validate(e) != nil {
		return nil, false
	}
	segs = strings.Split(e, "/")
	if !IsGlob(e) {
		segs = append(segs, "**")
	}
	return segs, true
}

// segmentsMeet walks both segment lists once: linear in their length.
func segmentsMeet(a, b []string) bool {
	for len(a) > 0 && len(b) > 0 {
		if a[0] == "**" || b[0] == "**" {
			return true
		}
		if !segmentMeets(a[0], b[0]) {
			return false
		}
		a, b = a[1:], b[1:]
	}
	// One side ended: the other matches only longer paths unless all it
	// has left are `**` segments, which may match nothing.
	return allDoubleStar(a) && allDoubleStar(b)
}

func allDoubleStar(segs []string) bool {
	for _, seg := range segs {
		if seg != "**" {
			return false
		}
	}
	return true
}

func segmentMeets(x, y string) bool {
	gx, gy := IsGlob(x), IsGlob(y)
	switch {
	case !gx && !gy:
		return x == y
	case gx && gy:
		return true
	case gx:
		return segmentMatch(x, y)
	}
	return segmentMatch(y, x)
}
