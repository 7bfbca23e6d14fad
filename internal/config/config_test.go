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
		{"a lone document marker keeps defaults", "---", "", func(c *Config) bool { return c.Verify.Jobs == 4 }},
		{"an explicit null keeps defaults", "---\n~\n", "", func(c *Config) bool { return c.Verify.Jobs == 4 }},
		{"unknown top key", "stoires: []\n", `x.yml:1:1: unknown key "stoires" in the configuration (legal keys: approvers, discovery, gate, github, records, revert, rules, stages, stories, verify)`, nil},
		{"unknown nested key", "verify:\n  job: 2\n", `x.yml:2:3: unknown key "job" in verify (legal keys: caches, file_limit_mib, jobs, max_impacted, memory_limit_mib, network, process_limit, sandbox, sandbox_paths, secret_env, timeout, tmp_limit_mib)`, nil},
		{"max_impacted default", "", "", func(c *Config) bool { return c.Verify.MaxImpacted == DefaultMaxImpacted && DefaultMaxImpacted == 20 }},
		{"max_impacted set", "verify:\n  max_impacted: 3\n", "", func(c *Config) bool { return c.Verify.MaxImpacted == 3 }},
		{"max_impacted zero", "verify:\n  max_impacted: 0\n", "", func(c *Config) bool { return c.Verify.MaxImpacted == 0 }},
		{"negative max_impacted", "verify:\n  jobs: 2\n  max_impacted: -1\n", "x.yml:3:3: verify.max_impacted must not be negative", nil},
		{"max_impacted not a number", "verify:\n  max_impacted: many\n", "x.yml:2:3: invalid configuration: cannot unmarshal", nil},
		{"sandbox defaults", "", "", func(c *Config) bool {
			return c.Verify.Sandbox == "auto" && c.Verify.Network == NetworkNone && c.Verify.MemoryLimitMiB == 4096 && c.Verify.ProcessLimit == 1024
		}},
		{"sandbox keys", "verify:\n  sandbox: required\n  network: true\n  memory_limit_mib: 0\n  sandbox_paths: [/srv/cache]\n", "", func(c *Config) bool {
			return c.Verify.Sandbox == "required" && c.Verify.Network == NetworkFull && c.Verify.MemoryLimitMiB == 0 && c.Verify.SandboxPaths[0] == "/srv/cache"
		}},
		{"old boolean false is none", "verify:\n  network: false\n", "", func(c *Config) bool { return c.Verify.Network == NetworkNone }},
		{"network loopback", "verify:\n  network: loopback\n", "", func(c *Config) bool { return c.Verify.Network == NetworkLoopback }},
		{"network full", "verify:\n  network: full\n", "", func(c *Config) bool { return c.Verify.Network == NetworkFull }},
		{"network none", "verify:\n  network: none\n", "", func(c *Config) bool { return c.Verify.Network == NetworkNone }},
		{"unknown network", "verify:\n  jobs: 2\n  network: internet\n", `x.yml:3:3: verify.network "internet" is not one of none, loopback, full`, nil},
		{"quoted true is not the old boolean", "verify:\n  network: \"true\"\n", `x.yml:2:3: verify.network "true" is not one of none, loopback, full`, nil},
		{"caches default on", "", "", func(c *Config) bool { return c.Verify.Caches }},
		{"caches off", "verify:\n  caches: false\n", "", func(c *Config) bool { return !c.Verify.Caches }},
		{"tmp limit default", "", "", func(c *Config) bool { return c.Verify.TmpLimitMiB == DefaultTmpLimitMiB }},
		{"tmp limit set", "verify:\n  tmp_limit_mib: 128\n", "", func(c *Config) bool { return c.Verify.TmpLimitMiB == 128 }},
		{"negative tmp limit", "verify:\n  tmp_limit_mib: -1\n", "x.yml:2:3: verify.tmp_limit_mib must not be negative", nil},
		{"file limit default", "verify:\n  jobs: 1\n", "", func(c *Config) bool { return c.Verify.FileLimitMiB == DefaultFileLimitMiB }},
		{"file limit set", "verify:\n  file_limit_mib: 64\n", "", func(c *Config) bool { return c.Verify.FileLimitMiB == 64 }},
		{"negative file limit", "verify:\n  file_limit_mib: -1\n", "x.yml:2:3: verify.file_limit_mib must not be negative", nil},
		{"bad sandbox mode", "verify:\n  sandbox: maybe\n", `x.yml:2:3: verify.sandbox "maybe" is not one of auto, required, off`, nil},
		{"negative memory limit", "verify:\n  memory_limit_mib: -1\n", "x.yml:2:3: verify.memory_limit_mib must not be negative", nil},
		{"negative process limit", "verify:\n  process_limit: -5\n", "x.yml:2:3: verify.process_limit must not be negative", nil},
		{"relative sandbox path", "verify:\n  sandbox_paths: [cache]\n", `x.yml:2:3: verify.sandbox_paths: "cache" is not an absolute path`, nil},
		{"unknown key in list item", "records:\n  - glob: a\n    suit: b\n", `unknown key "suit" in records[]`, nil},
		{"bad severity", "rules:\n  a/b: loud\n", `x.yml:2:3: rule "a/b": severity "loud"`, nil},
		{"bad permission", "approvers:\n  permission: owner\n", `x.yml:2:3: approvers.permission "owner"`, nil},
		{"allow_author default off", "approvers:\n  permission: write\n", "", func(c *Config) bool { return !c.Approvers.AllowAuthor }},
		{"allow_author on", "approvers:\n  allow_author: true\n", "", func(c *Config) bool { return c.Approvers.AllowAuthor }},
		{"allow_author not a boolean", "approvers:\n  allow_author: sometimes\n", "x.yml:2:3: invalid configuration: cannot unmarshal", nil},
		{"allow_author misspelt", "approvers:\n  allow_authors: true\n", `x.yml:2:3: unknown key "allow_authors" in approvers (legal keys: allow_author, deny,`, nil},
		{"App pinned, its bot named", "approvers:\n  recorder: storygate-acme[bot]\n  recorder_app_id: 42\n", "", func(c *Config) bool { return c.Approvers.RecorderAppID == 42 }},
		{"GitHub Actions pinned", "approvers:\n  recorder_app_id: 15368\n", "", func(c *Config) bool { return c.Approvers.RecorderAppID == 15368 }},
		{"App pinned, no bot named", "approvers:\n  recorder_app_id: 42\n", `x.yml:2:3: approvers.recorder_app_id 42 pins storygate to a GitHub App, but approvers.recorder is github-actions[bot]`, nil},
		{"App pinned, GITHUB_TOKEN's bot named", "approvers:\n  recorder: GitHub-Actions[bot]\n  recorder_app_id: 42\n", `x.yml:3:3: approvers.recorder_app_id 42 pins`, nil},
		{"negative app id", "approvers:\n  recorder_app_id: -1\n", `x.yml:2:3: approvers.recorder_app_id must not be negative`, nil},
		{"bad non_story", "discovery:\n  non_story: hide\n", `x.yml:2:3: discovery.non_story "hide" is not one of notice, off, validate`, nil},
		{"filter default", "", "", func(c *Config) bool { return c.Gate.Filter == FilterChanged }},
		{"filter all", "gate:\n  filter: all\n", "", func(c *Config) bool { return c.Gate.Filter == FilterAll }},
		{"bad filter", "gate:\n  filter: new\n", `x.yml:2:3: gate.filter: unknown filter mode "new" (legal: changed, all)`, nil},
		{"bad jobs", "verify:\n  jobs: 0\n", "x.yml:2:3: verify.jobs must be at least 1", nil},
		{"bad story glob", "stories:\n  - s/*.md\n  - 's/{a,b}/*.md'\n", `x.yml:3:5: stories: pattern "s/{a,b}/*.md"`, nil},
		{"bad governed glob", "revert:\n  governed: [tests/, 'tests\\unit']\n", `x.yml:2:22: revert.governed: pattern "tests\\unit"`, nil},
		{"slash inside a class", "stages:\n  paths: ['stages[/]x']\n", `x.yml:2:11: stages.paths: pattern "stages[/]x" holds a / inside a character class`, nil},
		{"governed entry climbing out", "revert:\n  governed: [tests/, ../shared/tests/]\n", `x.yml:2:22: revert.governed: "../shared/tests/" has a .. segment`, nil},
		{"governed entry climbing out in the middle", "revert:\n  governed: ['tests/../../x']\n", `x.yml:2:14: revert.governed: "tests/../../x" has a .. segment`, nil},
		{"empty governed entry", "revert:\n  governed: ['']\n", `x.yml:2:14: revert.governed: pattern "" is empty`, nil},
		{"scope prefix default", "", "", func(c *Config) bool { return c.Stages.ScopePrefix == "" }},
		{"scope prefix of a fork", "stages:\n  scope_prefix: amadeus-\n", "", func(c *Config) bool { return c.Stages.ScopePrefix == "amadeus-" }},
		{"scope prefix without its hyphen", "stages:\n  scope_prefix: amadeus\n", `x.yml:2:17: stages.scope_prefix "amadeus" is not a file-name prefix like aidlc- or amadeus-`, nil},
		{"scope prefix with a path", "stages:\n  scope_prefix: scopes/aidlc-\n", `x.yml:2:17: stages.scope_prefix "scopes/aidlc-" is not a file-name prefix`, nil},
		{"scope prefix with a glob", "stages:\n  scope_prefix: '*-'\n", `x.yml:2:17: stages.scope_prefix "*-" is not a file-name prefix`, nil},
		{"bad stage path", "stages:\n  paths: ['[stages']\n", `x.yml:2:11: stages.paths: pattern "[stages"`, nil},
		{"bad records glob", "records:\n  - glob: r/*.json\n    suite: step-packet\n  - glob: 'r/[x'\n    suite: step-packet\n", `x.yml:4:11: records[1].glob: pattern "r/[x"`, nil},
		{"good globs", "stories: ['docs/**/STORY-*.md']\nrevert:\n  governed: [tests/, 'pkg/**/*_test.go']\n", "", func(c *Config) bool { return c.Revert.Governed[1] == "pkg/**/*_test.go" }},
		{"revert defaults", "", "", func(c *Config) bool { return c.Revert.Granularity == "auto" && c.Revert.MaxRuns == 20 }},
		{"revert granularity set", "revert:\n  granularity: set\n", "", func(c *Config) bool { return c.Revert.Granularity == "set" }},
		{"revert granularity", "revert:\n  granularity: hunk\n  max_runs: 8\n", "", func(c *Config) bool {
			return c.Revert.Granularity == "hunk" && c.Revert.MaxRuns == 8
		}},
		{"bad granularity", "revert:\n  granularity: line\n", `x.yml:2:3: revert.granularity "line" is not one of auto, set, file, hunk`, nil},
		{"max_runs too small", "revert:\n  max_runs: 1\n", "x.yml:2:3: revert.max_runs must be at least 2", nil},
		{"bad timeout", "stories: [a]\nverify:\n  timeout: soon\n", "x.yml:3:3: invalid configuration: cannot unmarshal !!str `soon` into time.Duration", nil},
		{"negative verify timeout", "verify:\n  timeout: -5s\n", "x.yml:2:12: verify.timeout: -5s is not a positive duration", nil},
		{"zero verify timeout", "verify:\n  timeout: 0s\n", "x.yml:2:12: verify.timeout: 0s is not a positive duration", nil},
		{"negative request timeout", "github:\n  request_timeout: -1s\n", "x.yml:2:20: github.request_timeout: -1s is not a positive duration", nil},
		{"zero deadline", "github:\n  deadline: 0m\n", "x.yml:2:13: github.deadline: 0m is not a positive duration", nil},
		{"github bounds", "github:\n  request_timeout: 5s\n  deadline: 2m\n", "", func(c *Config) bool {
			return c.GitHub.RequestTimeout == 5*time.Second && c.GitHub.Deadline == 2*time.Minute
		}},
		{"github defaults", "", "", func(c *Config) bool {
			return c.GitHub.RequestTimeout == DefaultRequestTimeout && c.GitHub.Deadline == DefaultDeadline
		}},
		{"repeated rule ID", "rules:\n  a/b: off\n  a/b: error\n", `x.yml:3:3: invalid configuration: mapping key "a/b" already defined at line 2`, nil},
		{"repeated section", "verify:\n  jobs: 2\nverify:\n  jobs: 3\n", `x.yml:3:1: invalid configuration: mapping key "verify" already defined at line 1`, nil},
		{"not yaml", "a: [\n", "x.yml:1:1: not valid YAML: did not find expected node content", nil},
		{"not yaml on a later line", "stories: [a]\nverify:\n  jobs: 2\n bad\n", "x.yml:4:1: not valid YAML", nil},
		{"second document", "stories: [a]\n...\nverify: {jobs: 0}\n", "x.yml:2:1: configuration: the YAML document ends here, and yaml.v3 cannot", nil},
		{"second document after ---", "stories: [a]\n---\nverify: {jobs: 0}\n", "x.yml:2:1: configuration: a second YAML document starts here", nil},
		{"merge key", "defaults: &d {a/b: off}\nrules:\n  <<: *d\n", "x.yml:1:11: configuration: YAML anchor &d", nil},
		{"merge key without an anchor", "rules:\n  <<: {a/b: off}\n", "x.yml:2:3: configuration: YAML merge key <<", nil},
		{"tag", "verify:\n  jobs: !!str 2\n", "x.yml:2:9: configuration: explicit YAML tag !!str", nil},
		{"lone CR line endings", "stories: [a]\rverify:\r  jobs: 0\r", "x.yml:3:3: verify.jobs must be at least 1", nil},
		{"lone CR before a YAML error", "stories: [a]\rverify:\r  jobs: 2\r bad\r", "x.yml:4:1: not valid YAML", nil},
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

// TestCheckRuleIDsPointsAtTheKey checks that unknown rule IDs are named in
// file order and the error is positioned at the first of them.
func TestCheckRuleIDsPointsAtTheKey(t *testing.T) {
	cfg, err := Parse("x.yml", []byte("stories: [a]\nrules:\n  a/ok: off\n  z/bad: off\n  b/bad: error\n"))
	if err != nil {
		t.Fatal(err)
	}
	known := func(id string) bool { return id == "a/ok" }
	want := "x.yml:4:3: unknown rule ID(s) z/bad, b/bad under rules (see docs/rules.md for the catalog)"
	if err := cfg.CheckRuleIDs(known); err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
	cfg.Rules = map[string]string{"a/ok": "off"}
	if err := cfg.CheckRuleIDs(known); err != nil {
		t.Errorf("known IDs refused: %v", err)
	}
	built := Default()
	built.Rules["c/bad"] = "off"
	if err := built.CheckRuleIDs(known); err == nil || !strings.Contains(err.Error(), "c/bad") {
		t.Errorf("an unknown ID set in code was accepted: %v", err)
	}
}

// TestCheckCatalogRuleIDs checks that rules: may name the rule of every
// engine the catalog lists, and no ID it does not.
func TestCheckCatalogRuleIDs(t *testing.T) {
	cases := []struct {
		id    string
		known bool
	}{
		{"structure/section-order", true},
		{"stage/unknown-key", true},
		{"records/schema", true},
		{"workflow/permission-why", true},
		{"verify/timeout", true},
		{"hitl/decision-unverified", true},
		{"stage/unknown", false},
		{"structure/Section-Order", false},
	}
	for _, c := range cases {
		cfg, err := Parse("x.yml", []byte("rules:\n  "+c.id+": off\n"))
		if err != nil {
			t.Fatal(err)
		}
		err = cfg.CheckCatalogRuleIDs()
		if (err == nil) != c.known {
			t.Errorf("%s: err = %v, want known %v", c.id, err, c.known)
		}
		if err != nil && err.Error() != "x.yml:2:3: unknown rule ID(s) "+c.id+" under rules (see docs/rules.md for the catalog)" {
			t.Errorf("%s: err = %v, not positioned at the key", c.id, err)
		}
	}
}

// TestAConfigurationThatCannotBeReadIsNamedOnce: the error names the file
// once, at its position, not again inside the file system's error.
func TestAConfigurationThatCannotBeReadIsNamedOnce(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "nope.yml")
	_, err := Load(t.TempDir(), missing)
	if err == nil || strings.Count(err.Error(), missing) != 1 || !strings.Contains(err.Error(), "cannot read configuration: lstat: no such file or directory") {
		t.Errorf("Load = %v, want the path named once and why", err)
	}
}
