package github_test

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
)

// TestReportedHead: only the second line, and only a head line with a
// full lower-case commit hash, names the head a sticky comment reports.
func TestReportedHead(t *testing.T) {
	sha256 := strings.Repeat("c", 64)
	for _, tt := range []struct {
		name, body, want string
	}{
		{"a report", marker + "\n" + github.HeadLine(headX) + "\n## report", headX},
		{"a SHA-256 repository", marker + "\n" + github.HeadLine(sha256) + "\n", sha256},
		{"the head line last", marker + "\n" + github.HeadLine(headX), headX},
		{"from before reports named their head", marker + "\n## report", ""},
		{"the head line further down", marker + "\n## report\n" + github.HeadLine(headX), ""},
		{"only the marker", marker, ""},
		{"upper case", marker + "\n" + github.HeadLine(strings.ToUpper(headX)), ""},
		{"an abbreviated hash", marker + "\n" + github.HeadLine(headX[:12]), ""},
		{"not hexadecimal", marker + "\n" + github.HeadLine(strings.Repeat("g", 40)), ""},
		{"a carriage return", marker + "\n" + github.HeadLine(headX) + "\r\n", ""},
		{"text after the comment", marker + "\n" + github.HeadLine(headX) + " and more", ""},
	} {
		got, ok := github.ReportedHead(tt.body)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("%s: ReportedHead = %q, %v; want %q", tt.name, got, ok, tt.want)
		}
	}
}

// FuzzReportedHead: whatever the body, a head is read only from a second
// line that is exactly the head line of a full commit hash; and the head
// line storygate writes is always read back.
func FuzzReportedHead(f *testing.F) {
	f.Add(marker+"\n"+github.HeadLine(headX)+"\nreport", headX)
	f.Add(marker+"\n<!-- storygate:head  -->", "")
	f.Add("\n"+github.HeadLine(headY), headY)
	f.Fuzz(func(t *testing.T, body, sha string) {
		if got, ok := github.ReportedHead(body); ok {
			lines := strings.SplitN(body, "\n", 3)
			if len(lines) < 2 || lines[1] != github.HeadLine(got) || (len(got) != 40 && len(got) != 64) || strings.Trim(got, "0123456789abcdef") != "" {
				t.Fatalf("%q read as reporting %q", body, got)
			}
		}
		if (len(sha) == 40 || len(sha) == 64) && strings.Trim(sha, "0123456789abcdef") == "" {
			written := marker + "\n" + github.HeadLine(sha) + "\n" + body
			if got, ok := github.ReportedHead(written); !ok || got != sha {
				t.Fatalf("the head line of %q is read as %q, %v", sha, got, ok)
			}
		}
	})
}
