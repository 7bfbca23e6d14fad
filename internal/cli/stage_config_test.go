package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStageCommandsApplyTheConfiguredSeverities is issue 28's escape
// hatch from the command line, as in the PR gate: a stage/* rule turned
// down in rules: no longer fails validate nor keeps compile from writing
// the graph; turned off it is not reported; an unknown rule ID or a
// missing --config is refused (exit 2). The control is the same set with
// no configuration, which fails.
func TestStageCommandsApplyTheConfiguredSeverities(t *testing.T) {
	t.Parallel()
	broken := strings.Replace(demoStage("alpha"), "requires_stage: []", "requires_stage: [ghost]", 1)
	const finding = "[stage/unknown-stage]"
	tests := []struct {
		name     string
		config   string // .github/storygate.yml of the repository; "" for none
		flag     string // --config FILE written with this content
		args     []string
		wantCode int
		want     string // on stdout and stderr together; "!" first: must not be there
	}{
		{"validate, no configuration (control)", "", "", []string{"validate"}, ExitFindings, finding},
		{"validate, the repository turns the rule down", "rules:\n  stage/unknown-stage: warning\n", "", []string{"validate"}, ExitOK, finding},
		{"validate, turned off", "rules:\n  stage/unknown-stage: \"off\"\n", "", []string{"validate"}, ExitOK, "!" + finding},
		{"validate, --config names the file", "", "rules:\n  stage/unknown-stage: notice\n", []string{"validate"}, ExitOK, finding},
		{"compile, no configuration (control)", "", "", []string{"compile"}, ExitFindings, "no graph written"},
		{"compile, turned down: the graph is written", "rules:\n  stage/unknown-stage: warning\n", "", []string{"compile"}, ExitOK, `"slug": "alpha"`},
		{"an unknown rule ID is refused", "rules:\n  stage/no-such-rule: warning\n", "", []string{"validate"}, ExitUsage, "unknown rule ID(s) stage/no-such-rule"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			repo := t.TempDir()
			if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
			files := map[string]string{"stages/inception/alpha.md": broken}
			if tt.config != "" {
				files[".github/storygate.yml"] = tt.config
			}
			writeFiles(t, repo, files)
			args := tt.args
			if tt.flag != "" {
				elsewhere := t.TempDir()
				writeFiles(t, elsewhere, map[string]string{"policy.yml": tt.flag})
				args = append(args, "--config", filepath.Join(elsewhere, "policy.yml"))
			}
			code, out, errOut := runStageCmd(append(args, filepath.Join(repo, "stages"))...)
			got := out + errOut
			present := !strings.HasPrefix(tt.want, "!")
			if code != tt.wantCode || strings.Contains(got, strings.TrimPrefix(tt.want, "!")) != present {
				t.Errorf("exit %d, output:\n%s\nwant exit %d, %q present: %v", code, got, tt.wantCode, strings.TrimPrefix(tt.want, "!"), present)
			}
		})
	}
	t.Run("a missing --config is refused", func(t *testing.T) {
		t.Parallel()
		dir := stageTree(t, map[string]string{"inception/alpha.md": demoStage("alpha")})
		if code, _, errOut := runStageCmd("validate", "--config", filepath.Join(dir, "nope.yml"), dir); code != ExitUsage || !strings.Contains(errOut, "nope.yml") {
			t.Errorf("exit %d, stderr %q; want %d naming the file", code, errOut, ExitUsage)
		}
	})
}

// TestStageCompileOutIntoAMissingDirectory: --out into a directory that
// does not exist is the user's to fix (exit 2) and the message names the
// directory, not the temporary file storygate writes there; the control
// is --out into a directory that exists.
func TestStageCompileOutIntoAMissingDirectory(t *testing.T) {
	t.Parallel()
	dir := stageTree(t, map[string]string{"inception/alpha.md": demoStage("alpha")})
	missing := filepath.Join(t.TempDir(), "no", "such")
	code, out, errOut := runStageCmd("compile", "--out", filepath.Join(missing, "stage-graph.json"), dir)
	if code != ExitUsage || !strings.Contains(errOut, missing+" does not exist") || strings.Contains(errOut, ".storygate-") || out != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want %d naming %s", code, out, errOut, ExitUsage, missing)
	}
	graph := filepath.Join(t.TempDir(), "stage-graph.json")
	if code, _, errOut := runStageCmd("compile", "--out", graph, dir); code != ExitOK {
		t.Errorf("control: exit %d: %s", code, errOut)
	}
}
