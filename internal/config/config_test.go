package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDefaultsWithoutFile(t *testing.T) {
	cfg, err := Load(t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Verify.Timeout != 10*time.Minute || cfg.Revert.Governed[0] != "tests/" || cfg.Approvers.Permission != "write" {
		t.Errorf("defaults = %+v", cfg)
	}
}

func TestExplicitPathMustExist(t *testing.T) {
	if _, err := Load(t.TempDir(), filepath.Join(t.TempDir(), "missing.yml")); err == nil {
		t.Error("a missing explicit configuration was accepted")
	}
}

func TestParse(t *testing.T) {
	cases := []struct {
		name, yaml, wantErr string
		check               func(*Config) bool
	}{
		{"full", "stories: [s/*.md]\nverify:\n  jobs: 2\n  timeout: 90s\nrecords:\n  - glob: r/*.json\n    suite: step-packet\n", "",
			func(c *Config) bool {
				return c.Stories[0] == "s/*.md" && c.Verify.Jobs == 2 && c.Verify.Timeout == 90*time.Second && c.Records[0].Suite == "step-packet"
			}},
		{"empty file keeps defaults", "", "", func(c *Config) bool { return c.Verify.Jobs == 4 }},
		{"unknown top key", "stoires: []\n", `x.yml:1:1: unknown key "stoires" in the configuration (legal keys: approvers, records, revert, rules, stages, stories, verify)`, nil},
		{"unknown nested key", "verify:\n  job: 2\n", `x.yml:2:3: unknown key "job" in verify (legal keys: jobs, secret_env, timeout)`, nil},
		{"unknown key in list item", "records:\n  - glob: a\n    suit: b\n", `unknown key "suit" in records[]`, nil},
		{"bad severity", "rules:\n  a/b: loud\n", `x.yml:2:3: rule "a/b": severity "loud"`, nil},
		{"bad permission", "approvers:\n  permission: owner\n", `approvers.permission "owner"`, nil},
		{"bad jobs", "verify:\n  jobs: 0\n", "verify.jobs must be at least 1", nil},
		{"bad timeout", "verify:\n  timeout: soon\n", "invalid configuration", nil},
		{"not yaml", "a: [\n", "not valid YAML", nil},
		{"not a mapping", "- a\n", "the configuration must be a mapping", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := Parse("x.yml", []byte(c.yaml))
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil || !c.check(cfg) {
				t.Fatalf("cfg = %+v, err = %v", cfg, err)
			}
		})
	}
}

func TestLoadReadsDefaultPath(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".github"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, DefaultPath), []byte("revert:\n  governed: [spec/]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(root, "")
	if err != nil || cfg.Revert.Governed[0] != "spec/" || !strings.HasSuffix(cfg.Path, DefaultPath) {
		t.Fatalf("cfg = %+v, err = %v", cfg, err)
	}
}

// TestDocumentedConfigurationParses keeps docs/configuration.md honest: its
// example uses every section and must load.
func TestDocumentedConfigurationParses(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "configuration.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	start := strings.Index(text, "```yaml\n")
	end := strings.Index(text[start+8:], "```")
	if start < 0 || end < 0 {
		t.Fatal("no yaml example in docs/configuration.md")
	}
	cfg, err := Parse("configuration.md", []byte(text[start+8:start+8+end]))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Verify.Jobs != 4 || cfg.Approvers.Deny[0] != "my-coding-agent" || cfg.Records[0].Suite != "step-packet" || cfg.Rules["structure/section-order"] != "off" {
		t.Errorf("parsed %+v", cfg)
	}
}
