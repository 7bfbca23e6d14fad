package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// run executes storygate with args and returns exit code, stdout, stderr.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	defer restoreEnv(os.Environ())
	code := Main(append([]string{"storygate"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// restoreEnv puts back the variables a command removed from the process
// environment: storygate drops its tokens and inputs before running anything
// (sandbox.ProtectSelf), once per real run, while a test runs many commands
// in one process. Only removed or changed variables are set again, so a
// parallel test never sees the environment emptied.
func restoreEnv(before []string) {
	for _, kv := range before {
		k, v, _ := strings.Cut(kv, "=")
		if now, ok := os.LookupEnv(k); !ok || now != v {
			os.Setenv(k, v)
		}
	}
}

func demoStory(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "demo", "stories", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestValidateJSONContract(t *testing.T) {
	root := t.TempDir()
	bad := strings.Replace(string(demoStory(t, "STORY-001.md")), "state: done", "state: finished", 1)
	p := filepath.Join(root, "stories", "STORY-001.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := run(t, "validate", "--root", root, "--format", "json", p)
	if code != ExitFindings {
		t.Fatalf("exit %d, want %d", code, ExitFindings)
	}
	var doc struct {
		Version     int `json:"version"`
		Diagnostics []struct {
			Rule, Severity, File, Message string
			Line, Column                  int
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if doc.Version != 1 || len(doc.Diagnostics) == 0 {
		t.Fatalf("doc = %+v", doc)
	}
	d := doc.Diagnostics[0]
	if d.File != "stories/STORY-001.md" || d.Line != 5 || d.Column != 8 || d.Severity != "error" {
		t.Errorf("first diagnostic = %+v", d)
	}
	found := map[string]bool{}
	for _, d := range doc.Diagnostics {
		found[d.Rule] = true
	}
	if !found["state/illegal-state"] || !found["delegation/unknown-dependency"] {
		t.Errorf("rules found = %v", found)
	}
}

func TestValidateExitCodesAndFormats(t *testing.T) {
	root := t.TempDir()
	ok := filepath.Join(root, "STORY-002.md")
	if err := os.WriteFile(ok, []byte(strings.Replace(string(demoStory(t, "STORY-002.md")), "depends_on: [STORY-001]\n", "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		args     []string
		code     int
		contains string
	}{
		{"clean story with a notice", []string{"validate", "--root", root, ok}, ExitOK, "0 errors, 0 warnings, 1 notice in 1 file"},
		{"github format", []string{"validate", "--root", root, "--format", "github", ok}, ExitOK, "::notice file=STORY-002.md,line=5,col=8,title=hitl/pending::"},
		{"sarif format", []string{"validate", "--root", root, "--format", "sarif", ok}, ExitOK, `"version": "2.1.0"`},
		{"unknown format", []string{"validate", "--root", root, "--format", "xml", ok}, ExitUsage, ""},
		{"unknown flag", []string{"validate", "--frobnicate"}, ExitUsage, ""},
		{"missing path", []string{"validate", "--root", root, filepath.Join(root, "nope.md")}, ExitUsage, ""},
		{"unknown command", []string{"frobnicate"}, ExitUsage, ""},
		{"base outside git", []string{"validate", "--root", root, "--base", "HEAD~1", ok}, ExitUsage, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := run(t, c.args...)
			if code != c.code || !strings.Contains(out, c.contains) {
				t.Errorf("exit %d (want %d)\nstdout: %s\nstderr: %s", code, c.code, out, errOut)
			}
		})
	}
}

func TestValidateConfigErrors(t *testing.T) {
	root := t.TempDir()
	cfg := filepath.Join(root, ".github", "storygate.yml")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ yaml, want string }{
		{"storiez: [x]\n", `unknown key "storiez" in the configuration (legal keys: approvers, discovery, gate, github, records, revert, rules, stages, stories, verify)`},
		{"revert:\n  suites: x\n", `unknown key "suites" in revert (legal keys: governed, granularity, max_runs, suite)`},
		{"rules:\n  structure/section-order: loud\n", `severity "loud" is not one of off, error, warning, notice`},
		{"rules:\n  structure/section-order: off\n  structure/nope: off\n", `storygate.yml:3:3: unknown rule ID(s) structure/nope under rules`},
	}
	for _, c := range cases {
		if err := os.WriteFile(cfg, []byte(c.yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := run(t, "validate", "--root", root)
		if code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("config %q: exit %d, stderr %q; want exit 2 and %q", c.yaml, code, errOut, c.want)
		}
	}
}

// TestValidateBaseScenario runs the base rules on a real repository.
func TestValidateBaseScenario(t *testing.T) {
	repo := testrepo.New(t)
	story := demoStory(t, "STORY-003.md")
	repo.Write(map[string]string{"stories/STORY-003.md": string(story), "src/catalog/a.go": "package catalog\n"})
	base := repo.Commit("base")
	repo.Write(map[string]string{"src/billing/b.go": "package billing\n"})
	repo.Commit("head")
	code, out, errOut := run(t, "validate", "--root", repo.Root, "--base", base)
	if code != ExitFindings || !strings.Contains(out, "src/billing/b.go:1:1: src/billing/b.go (created) is outside the scope.write") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	code, _, errOut = run(t, "validate", "--root", repo.Root, "--base", "no-such-rev")
	if code != ExitUsage || !strings.Contains(errOut, "revision not found") {
		t.Errorf("bad base: exit %d, %s", code, errOut)
	}
}

func TestTransitionCommand(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "STORY-002.md")
	src := strings.Replace(string(demoStory(t, "STORY-002.md")), "depends_on: [STORY-001]\n", "", 1)
	if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := run(t, "transition", "--event", "start_generation", "--actor", "orchestrator", p)
	if code != ExitFindings || !strings.Contains(errOut, "legal from plan_review: approve_plan (by human → ready)") {
		t.Fatalf("illegal move: exit %d %s", code, errOut)
	}
	after, _ := os.ReadFile(p)
	if string(after) != src {
		t.Fatal("a refused move changed the file")
	}
	code, _, _ = run(t, "transition", "--event", "block", p)
	if code != ExitUsage {
		t.Errorf("missing --actor: exit %d", code)
	}
	// A human move without its entry records the decision locally
	// (TestTransitionRecordsAHumanDecisionLocally).
	code, out, errOut := run(t, "transition", "--event", "approve_plan", "--actor", "human", "--by", "alice", p)
	if code != ExitOK || !strings.Contains(out, "recorded locally") {
		t.Fatalf("human move: exit %d %s%s", code, out, errOut)
	}
}

// TestValidateStoryOutsideWorkingRepository names a story in a directory
// that is not a git repository, from a working directory inside one: paths
// are reported relative to the story's own directory.
func TestValidateStoryOutsideWorkingRepository(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "case1.md")
	bad := strings.Replace(string(demoStory(t, "STORY-002.md")), "state: plan_review", "state: nowhere", 1)
	if err := os.WriteFile(p, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "validate", "--format", "json", p)
	if code != ExitFindings || !strings.Contains(out, `"file": "case1.md"`) || !strings.Contains(out, `"rule": "state/illegal-state"`) {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
}
