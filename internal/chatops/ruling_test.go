package chatops

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/command"
)

func plainRuling() Ruling {
	return Ruling{Paths: []string{"tests/a.sh", "tests/b.sh"}, Source: 42, Base: strings.Repeat("a", 40), Head: strings.Repeat("b", 40),
		Digest: "sha256:" + strings.Repeat("0", 64)}
}

// TestRulingIsTheWholeReplyAndNothingElse: a ruling record reads back
// only as storygate renders it; the marker alone, a reply with text added,
// values that are not plain, or a receipt are no ruling.
func TestRulingIsTheWholeReplyAndNothingElse(t *testing.T) {
	t.Parallel()
	honest := plainRuling().Reply("reviewer")
	unsorted := plainRuling()
	unsorted.Paths = []string{"tests/b.sh", "tests/a.sh"}
	climbing := plainRuling()
	climbing.Paths = []string{"../secrets"}
	cases := map[string]struct {
		body string
		ok   bool
	}{
		"storygate's reply":      {honest, true},
		"the marker alone":       {plainRuling().Marker(), false},
		"text added":             {honest + "and also tests/c.sh\n", false},
		"quoted in a report":     {"> " + honest, false},
		"unsorted paths":         {unsorted.Reply("reviewer"), false},
		"a path climbing out":    {climbing.Reply("reviewer"), false},
		"a login that is no one": {plainRuling().Reply("re viewer"), false},
		"a decision's receipt":   {plainReceipt().Reply("reviewer"), false},
	}
	for name, c := range cases {
		r, ok := ParseRuling(c.body)
		if ok != c.ok || (ok && strings.Join(r.Paths, " ") != "tests/a.sh tests/b.sh") {
			t.Errorf("%s: ParseRuling = %+v, %v; want ok %v", name, r, ok, c.ok)
		}
	}
	if _, ok := ParseReceipt(honest); ok {
		t.Error("a ruling reads as a decision's receipt")
	}
}

func TestRulingPathsAreSortedPlainAndNeedARationale(t *testing.T) {
	t.Parallel()
	cases := []struct {
		body, want, why string
	}{
		{"/allow-test-edit tests/b.sh tests/a.sh tests/b.sh -- both forced", "tests/a.sh tests/b.sh", ""},
		{"/allow-test-edit tests/a.sh", "", "a ruling says why"},
		{"/allow-test-edit -- why", "", "name the files"},
		{"/allow-test-edit tests/../src/a.go -- x", "", "not a plain repository path"},
		{"/allow-test-edit ./tests/a.sh -- x", "", "not a plain repository path"},
	}
	for _, c := range cases {
		paths, why := RulingPaths(command.Parse(c.body)[0])
		if strings.Join(paths, " ") != c.want || (c.why == "") != (why == "") || !strings.Contains(why, c.why) {
			t.Errorf("%q: %v %q, want %q %q", c.body, paths, why, c.want, c.why)
		}
	}
}

// FuzzParseRulings: whatever a comment body is, it reads as a ruling only
// when it is exactly storygate's rendering of plain values, with no marker
// beyond its own. The corpus lives in testdata/fuzz/FuzzParseRulings.
func FuzzParseRulings(f *testing.F) {
	f.Add(plainRuling().Reply("reviewer"))
	f.Add(plainRuling().Marker())
	f.Add(ReplyMarker + "\n@a " + plainRuling().Marker() + "\n")
	f.Add("<!-- storygate:ruling {\"source\":1,\"paths\":[\"\\u003c\"]} -->")
	f.Fuzz(func(t *testing.T, body string) {
		r, ok := ParseRuling(body)
		if !ok {
			return
		}
		login, _, _ := strings.Cut(strings.TrimPrefix(body, ReplyMarker+"\n@"), " ")
		if rulingProblem(login, r) != "" || r.Reply(login) != body {
			t.Fatalf("%q was taken for the ruling %+v, which storygate renders otherwise", body, r)
		}
		if strings.Count(body, "<!--") != 2 || strings.Count(body, "-->") != 2 {
			t.Fatalf("a ruling holds a marker of its own values: %q", body)
		}
	})
}
