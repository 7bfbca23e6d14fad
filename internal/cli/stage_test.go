package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const stageDemo = `---
slug: %SLUG%
phase: inception
execution: ALWAYS
condition: Always.
lead_agent: aidlc-product-agent
support_agents: []
mode: inline
produces:
  - %SLUG%-doc
consumes: []
requires_stage: []
inputs: none
outputs: %SLUG%-doc.md
---

# Demo

## Steps

1. Do the work.
`

// stageTree writes a stage set under root/stages with an agents directory
// beside it, and returns the stages directory.
func stageTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	all := map[string]string{"agents/aidlc-product-agent.md": "# Product\n"}
	for p, c := range files {
		all["stages/"+p] = c
	}
	for p, c := range all {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(root, "stages")
}

func demoStage(slug string) string { return strings.ReplaceAll(stageDemo, "%SLUG%", slug) }

func runStageCmd(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Main(append([]string{"storygate", "stage"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestStageValidate(t *testing.T) {
	clean := stageTree(t, map[string]string{"inception/alpha.md": demoStage("alpha")})
	ghost := stageTree(t, map[string]string{"inception/alpha.md": strings.Replace(demoStage("alpha"), "aidlc-product-agent", "aidlc-ghost-agent", 1)})
	binary := stageTree(t, map[string]string{"inception/alpha.md": "---\x00\n"})
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  string
	}{
		{"clean", []string{"validate", clean}, ExitOK, "no problems found in 1 file\n"},
		{"agent from sibling dir", []string{"validate", ghost}, ExitFindings,
			filepath.ToSlash(ghost) + "/inception/alpha.md:6:13: lead_agent \"aidlc-ghost-agent\" has no matching agent file aidlc-ghost-agent.md in the agents directory [stage/unknown-agent]\n1 error, 0 warnings, 0 notices in 1 file\n"},
		{"binary file", []string{"validate", binary}, ExitFindings,
			filepath.ToSlash(binary) + "/inception/alpha.md:1:4: file is binary (it contains a NUL byte), not a Markdown stage file [stage/file-encoding]\n1 error, 0 warnings, 0 notices in 1 file\n"},
		{"github format", []string{"validate", "--format", "github", ghost}, ExitFindings, "::error file="},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runStageCmd(tt.args...)
			if code != tt.wantCode || !strings.HasPrefix(out, tt.wantOut) {
				t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d, stdout starting %q", code, out, errOut, tt.wantCode, tt.wantOut)
			}
		})
	}
}

func TestStageValidateJSON(t *testing.T) {
	dir := stageTree(t, map[string]string{"inception/alpha.md": strings.Replace(demoStage("alpha"), "mode: inline", "mode: mob", 1)})
	code, out, _ := runStageCmd("validate", "--format", "json", dir)
	var doc struct {
		Diagnostics []struct {
			Rule string `json:"rule"`
			Line int    `json:"line"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("json output: %v\n%s", err, out)
	}
	if code != ExitFindings || len(doc.Diagnostics) != 1 || doc.Diagnostics[0].Rule != "stage/mode-needs-supports" || doc.Diagnostics[0].Line != 8 {
		t.Errorf("exit %d, diagnostics %+v", code, doc.Diagnostics)
	}
}

func TestStageUsageErrors(t *testing.T) {
	dir := stageTree(t, map[string]string{"inception/alpha.md": demoStage("alpha")})
	for name, args := range map[string][]string{
		"no subcommand":      {},
		"unknown subcommand": {"lint"},
		"unknown format":     {"validate", "--format", "xml", dir},
		"two dirs":           {"validate", dir, dir},
		"missing dir":        {"validate", filepath.Join(dir, "nope")},
		"missing agents dir": {"validate", "--agents", filepath.Join(dir, "nope"), dir},
		"unknown flag":       {"compile", "--frobnicate", dir},
	} {
		t.Run(name, func(t *testing.T) {
			if code, _, errOut := runStageCmd(args...); code != ExitUsage || errOut == "" {
				t.Errorf("exit %d (stderr %q), want %d with a message", code, errOut, ExitUsage)
			}
		})
	}
}

func TestStageCompile(t *testing.T) {
	dir := stageTree(t, map[string]string{"inception/alpha.md": demoStage("alpha"), "inception/beta.md": demoStage("beta")})
	code, out, errOut := runStageCmd("compile", dir)
	if code != ExitOK || !strings.Contains(out, `"display_order": "2.2"`) || errOut != "" {
		t.Fatalf("compile: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	graph := filepath.Join(t.TempDir(), "stage-graph.json")
	if code, _, errOut := runStageCmd("compile", "--out", graph, dir); code != ExitOK {
		t.Fatalf("compile --out: exit %d: %s", code, errOut)
	}
	if written, _ := os.ReadFile(graph); string(written) != out {
		t.Errorf("--out wrote different bytes than stdout")
	}
}

func TestStageCompileCheck(t *testing.T) {
	dir := stageTree(t, map[string]string{"inception/alpha.md": demoStage("alpha")})
	graph := filepath.Join(t.TempDir(), "stage-graph.json")
	runStageCmd("compile", "--out", graph, dir)
	tests := []struct {
		name     string
		prepare  func()
		args     []string
		wantCode int
		wantOut  string
	}{
		{"twice", func() {}, []string{"compile", "--check", dir}, ExitOK, "stage graph: two compiles are byte-identical\n"},
		{"up to date", func() {}, []string{"compile", "--check", "--out", graph, dir}, ExitOK, graph + " is up to date\n"},
		{"stale", func() { os.WriteFile(graph, []byte("{}\n"), 0o644) }, []string{"compile", "--check", "--out", graph, dir}, ExitFindings, "-{}\n+{\n"},
		{"missing", func() { os.Remove(graph) }, []string{"compile", "--check", "--out", graph, dir}, ExitFindings, "does not exist"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.prepare()
			code, out, _ := runStageCmd(tt.args...)
			if code != tt.wantCode || !strings.Contains(out, tt.wantOut) {
				t.Errorf("exit %d, stdout:\n%s\nwant exit %d containing %q", code, out, tt.wantCode, tt.wantOut)
			}
		})
	}
}

func TestStageCompileRefusesErrors(t *testing.T) {
	dir := stageTree(t, map[string]string{"inception/alpha.md": strings.Replace(demoStage("alpha"), "requires_stage: []", "requires_stage: [ghost]", 1)})
	code, out, errOut := runStageCmd("compile", dir)
	if code != ExitFindings || out != "" || !strings.Contains(errOut, `requires_stage names unknown stage "ghost" [stage/unknown-stage]`) {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
}
