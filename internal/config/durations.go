package config

import (
	"fmt"
	"time"

	"gopkg.in/yaml.v3"
)

// GitHub bounds how long storygate waits for GitHub (docs/configuration.md).
type GitHub struct {
	// RequestTimeout bounds one attempt of one request; a timed-out
	// attempt is retried like a 5xx answer.
	RequestTimeout time.Duration `yaml:"request_timeout"`
	// Deadline bounds all of one run's requests to GitHub, retries and
	// their waits included; past it the run fails (exit 3) and the next
	// run repairs what was left.
	Deadline time.Duration `yaml:"deadline"`
}

// Default GitHub bounds (internal/github's defaults, written out so that
// the configuration documents them).
const (
	DefaultRequestTimeout = 30 * time.Second
	DefaultDeadline       = 10 * time.Minute
)

// validateDurations refuses a zero or negative duration where the command
// line does too (--timeout -5s is a usage error): a duration that does
// not run forward would otherwise silently become a default.
func validateDurations(file string, root *yaml.Node, cfg *Config) error {
	for _, d := range []struct {
		section, key string
		value        time.Duration
	}{
		{"verify", "timeout", cfg.Verify.Timeout},
		{"github", "request_timeout", cfg.GitHub.RequestTimeout},
		{"github", "deadline", cfg.GitHub.Deadline},
	} {
		if d.value > 0 {
			continue
		}
		n := findValue(root, d.section, d.key)
		return &Error{File: file, Line: n.Line, Column: n.Column,
			Message: fmt.Sprintf("%s.%s: %s is not a positive duration (write e.g. 90s or 10m)", d.section, d.key, n.Value)}
	}
	return nil
}

// findValue returns the value node of section.key, else root.
func findValue(root *yaml.Node, section, key string) *yaml.Node {
	_, v := findEntry(root, section, key)
	return v
}
