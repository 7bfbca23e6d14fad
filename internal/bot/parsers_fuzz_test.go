package bot

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
)

// FuzzRunID feeds the publish run binding arbitrary run URLs (the
// document's, written by the unprivileged run): a URL it binds names one
// run of this repository, and it is exactly the URL that run writes of
// itself (runURL), so one run has one URL. Seeds live in
// testdata/fuzz/FuzzRunID.
func FuzzRunID(f *testing.F) {
	for _, s := range []string{"https://github.com/o/r/actions/runs/42", "https://github.com/o/r/actions/runs/+42",
		"https://github.com/o/r/actions/runs/042", "https://github.com/o/r/actions/runs/7/attempts/42",
		"https://evil.example/o/r/actions/runs/42", "https://github.com/o/r/actions/runs/0"} {
		f.Add("https://github.com", s)
	}
	f.Add("https://ghe.example/", "https://ghe.example/o/r/actions/runs/9")
	repo := github.Repo{Owner: "o", Name: "r"}
	f.Fuzz(func(t *testing.T, server, url string) {
		env := fakeEnv{"GITHUB_SERVER_URL": server, "GITHUB_REPOSITORY": repo.FullName()}
		b := New(Deps{Env: env, Stdout: io.Discard, Stderr: io.Discard})
		id, ok := b.runID(url, repo)
		if !ok {
			return
		}
		if id < 1 {
			t.Fatalf("runID(%q) = %d", url, id)
		}
		env["GITHUB_RUN_ID"] = strconv.FormatInt(id, 10)
		if written := b.runURL(); server != "" && written != url {
			t.Fatalf("runID(%q) = %d, but that run writes its URL as %q", url, id, written)
		}
	})
}

// FuzzParseGates feeds the gates input's parser arbitrary lists: every
// gate it reads is a known one, and the list written from them reads back
// the same. Seeds live in testdata/fuzz/FuzzParseGates.
func FuzzParseGates(f *testing.F) {
	for _, s := range []string{"", "all", "stories,verify", " revert-check , stages ", "records,nope", ",", "stories,stories"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		names, err := parseGates(list)
		if err != nil || names == nil {
			return
		}
		written := make([]string, len(names))
		for i, n := range names {
			if !n.Known() {
				t.Fatalf("parseGates(%q) read the unknown gate %q", list, n)
			}
			written[i] = string(n)
		}
		back, err := parseGates(strings.Join(written, ","))
		if err != nil || !slices.Equal(back, names) {
			t.Fatalf("%q read as %v; written back it reads as %v, %v", list, names, back, err)
		}
	})
}
