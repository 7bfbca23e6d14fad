package github_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
)

// FuzzParseEvent feeds arbitrary payloads of every kind to the webhook
// parser: it never panics, an event it returns is of the kind asked for,
// and a repository it names is a well-formed owner/name. Seeds are real
// payloads (testdata/webhooks and testdata/fuzzseed, from octokit's
// recorded webhooks); the corpus lives in testdata/fuzz/FuzzParseEvent.
func FuzzParseEvent(f *testing.F) {
	for _, dir := range []string{"testdata/webhooks", "testdata/fuzzseed"} {
		names, err := filepath.Glob(filepath.Join(dir, "*.json"))
		if err != nil || len(names) == 0 {
			f.Fatalf("no seed payloads in %s: %v", dir, err)
		}
		for _, name := range names {
			payload, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			kind, _, _ := strings.Cut(filepath.Base(name), ".")
			f.Add(kind, payload)
		}
	}
	f.Fuzz(func(t *testing.T, kind string, payload []byte) {
		ev, err := github.ParseEvent(kind, payload)
		if err != nil {
			return
		}
		if ev.Kind != kind {
			t.Fatalf("asked for %q, got an event of kind %q", kind, ev.Kind)
		}
		if ev.Repo != (github.Repo{}) {
			if _, err := github.ParseRepo(ev.Repo.FullName()); err != nil {
				t.Fatalf("event names a malformed repository %+v: %v", ev.Repo, err)
			}
		}
	})
}
