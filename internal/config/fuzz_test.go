package config

import (
	"errors"
	"testing"

	"github.com/storygate/storygate/internal/linebreak"
)

// FuzzParse feeds arbitrary bytes to the configuration parser: it never
// panics, and every error is a *Error on a line of the input as yaml.v3
// counts lines. Seeds live in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Add([]byte("stories: [s/*.md]\nverify:\n  jobs: 2\n  timeout: 90s\nrules:\n  a/b: off\n"))
	f.Add([]byte("stories: [a]\rverify:\r  jobs: 0\r"))
	f.Add([]byte("d: &d {a/b: off}\nrules:\n  <<: *d\n---\nverify: !!map {}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse("x.yml", data)
		if err == nil {
			if cfg == nil {
				t.Fatal("no configuration and no error")
			}
			return
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("error is not a *config.Error: %v", err)
		}
		if e.Line < 0 || e.Line > linebreak.Count(data) {
			t.Fatalf("error off the input (%d lines): %v", linebreak.Count(data), err)
		}
	})
}
