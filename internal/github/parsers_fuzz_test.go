package github

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// FuzzParseRetryAfter feeds parseRetryAfter arbitrary Retry-After values:
// it never panics, a wait it reads is never negative (a negative wait
// would retry at once, however long the server asked for), delta-seconds
// read as that many seconds (capped where a Duration ends), and an HTTP
// date as the time until it. Seeds live in testdata/fuzz/FuzzParseRetryAfter.
func FuzzParseRetryAfter(f *testing.F) {
	for _, s := range []string{"", "0", "120", " 7 ", "-1", "10000000000", "99999999999999", "Wed, 21 Oct 2015 07:28:00 GMT", "soon"} {
		f.Add(s)
	}
	now := time.Date(2015, 10, 21, 7, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, v string) {
		d, ok := parseRetryAfter(v, now)
		if !ok {
			if d != 0 {
				t.Fatalf("parseRetryAfter(%q) = %v, false", v, d)
			}
			return
		}
		if d < 0 {
			t.Fatalf("parseRetryAfter(%q) = %v: a negative wait", v, d)
		}
		if secs, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && secs >= 0 && d != time.Duration(min(secs, maxRetryAfterSeconds))*time.Second {
			t.Fatalf("parseRetryAfter(%q) = %v, want %ds", v, d, secs)
		}
		if at, err := http.ParseTime(v); err == nil && d != max(at.Sub(now), 0) {
			t.Fatalf("parseRetryAfter(%q) = %v, want the time until %v", v, d, at)
		}
	})
}

// FuzzParseRepo feeds ParseRepo arbitrary owner/name values: a repository
// it reads has a non-empty owner and name without a slash in the name, and
// its FullName is the text read.
func FuzzParseRepo(f *testing.F) {
	for _, s := range []string{"o/r", "octo-org/Hello-World", "/r", "o/", "o/r/x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRepo(s)
		if err != nil {
			return
		}
		if r.Owner == "" || r.Name == "" || strings.Contains(r.Name, "/") || r.FullName() != s {
			t.Fatalf("ParseRepo(%q) = %+v", s, r)
		}
	})
}

// FuzzParsePermission feeds ParsePermission arbitrary role names: a role
// it reads is one of GitHub's, and its name reads back as the same role.
func FuzzParsePermission(f *testing.F) {
	for _, s := range []string{"read", "WRITE", " push ", "pull", "admin", "owner", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePermission(s)
		if err != nil {
			return
		}
		if back, err := ParsePermission(p.String()); err != nil || back != p || int(p) >= len(permissionNames) || p < 0 {
			t.Fatalf("ParsePermission(%q) = %v; its name %q reads as %v, %v", s, p, p.String(), back, err)
		}
	})
}
