package github_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/jsonstrict"
)

// FuzzParseEvent feeds arbitrary payloads of every kind to the webhook
// parser: it never panics, an event it returns is of the kind asked for,
// a repository it names is a well-formed owner/name, and a payload that
// is not JSON is refused with a position (jsonstrict.Error). Seeds are real
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
		var located *jsonstrict.Error
		if !json.Valid(payload) && !errors.As(err, &located) {
			t.Fatalf("a payload that is not JSON: err = %v, want a positioned jsonstrict.Error", err)
		}
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
