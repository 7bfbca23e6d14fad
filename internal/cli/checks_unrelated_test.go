package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestChecksRunUnrelatedRecords: a record holding none of the fields the
// suite reads exits 1 with records/unrelated at the record; a record of
// the suite's kind is judged by the suite's checks as before.
func TestChecksRunUnrelatedRecords(t *testing.T) {
	t.Parallel()
	good := filepath.Join(recordsTestdata, "golden", "good-repair.json")
	tests := []struct {
		name, suite, file, content string
		extra                      []string
		code                       int
		want, absent               string
	}{
		{"unrelated json", "step-packet", "hello.json", `{"hello": 1}`, nil, ExitFindings, ":1:1: the record (a mapping of 1 field) holds none of the fields suite step-packet reads", "[procedure-pinned]"},
		{"empty object, conditional suite", "packet-revision", "e.json", `{}`, nil, ExitFindings, "e.json:1:1:", ""},
		{"array", "grant-audit", "a.json", `[1, 2]`, nil, ExitFindings, "the record (a list of 2 items)", ""},
		{"scalar", "refusal-review", "n.json", `42`, nil, ExitFindings, "the record (the number 42)", ""},
		{"jsonl line", "packet-revision", "r.jsonl", "{\"pulls\": []}\n{\"x\": 1}\n", nil, ExitFindings, "r.jsonl:2:1:", "r.jsonl:1:"},
		{"with a schema too", "packet-revision", "h.json", `{"hello": 1}`, []string{"--schema", "template.packet-revision"}, ExitFindings, "[records/schema]", ""},
		{"honest empty revision", "packet-revision", "ok.json", `{"pulls": []}`, nil, ExitOK, "no problems found in 1 file", "records/unrelated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"checks", "run", "--suite", tt.suite}, tt.extra...)
			code, out, errOut := runCLI(append(args, writeTemp(t, tt.file, tt.content))...)
			unrelated := strings.Contains(out, "[records/unrelated]")
			if code != tt.code || unrelated != (tt.code == ExitFindings) || !strings.Contains(out, tt.want) || tt.absent != "" && strings.Contains(out, tt.absent) {
				t.Errorf("code %d (want %d), want %q and not %q\nstdout: %s\nstderr: %s", code, tt.code, tt.want, tt.absent, out, errOut)
			}
		})
	}
	t.Run("real step packet passes", func(t *testing.T) {
		t.Parallel()
		if code, out, errOut := runCLI("checks", "run", "--suite", "step-packet", good); code != ExitOK || !strings.Contains(out, "no problems") {
			t.Errorf("code %d\nstdout: %s\nstderr: %s", code, out, errOut)
		}
	})
	t.Run("one unrelated file fails the run", func(t *testing.T) {
		t.Parallel()
		code, out, errOut := runCLI("checks", "run", "--suite", "step-packet", "--format", "json", good, writeTemp(t, "h.json", `{"hello": 1}`))
		if code != ExitFindings || strings.Count(out, `"rule": "records/unrelated"`) != 1 {
			t.Errorf("code %d\nstdout: %s\nstderr: %s", code, out, errOut)
		}
	})
}

// TestChecksRunAppliesTheConfiguredSeverities: records/* rules follow the
// rules: section like every documented rule: the configuration of the
// repository holding the records, or --config. Turned down, an unrelated
// record is reported and passes; turned off it is not reported; an
// unknown ID is refused (exit 2). The control has no configuration.
func TestChecksRunAppliesTheConfiguredSeverities(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, repoConfig, flagConfig string
		code                         int
		reported                     bool
	}{
		{"no configuration (control)", "", "", ExitFindings, true},
		{"the repository turns it down", "rules:\n  records/unrelated: warning\n", "", ExitOK, true},
		{"turned off", "rules:\n  records/unrelated: \"off\"\n", "", ExitOK, false},
		{"--config names the file", "", "rules:\n  records/unrelated: notice\n", ExitOK, true},
		{"an unknown rule ID is refused", "rules:\n  records/no-such-rule: warning\n", "", ExitUsage, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			repo := t.TempDir()
			files := map[string]string{".git/HEAD": "ref: refs/heads/main\n", "records/h.json": `{"hello": 1}`}
			if tt.repoConfig != "" {
				files[".github/storygate.yml"] = tt.repoConfig
			}
			writeFiles(t, repo, files)
			args := []string{"checks", "run", "--suite", "packet-revision"}
			if tt.flagConfig != "" {
				elsewhere := t.TempDir()
				writeFiles(t, elsewhere, map[string]string{"policy.yml": tt.flagConfig})
				args = append(args, "--config", filepath.Join(elsewhere, "policy.yml"))
			}
			code, out, errOut := runCLI(append(args, filepath.Join(repo, "records", "h.json"))...)
			if code != tt.code || strings.Contains(out, "[records/unrelated]") != tt.reported {
				t.Errorf("code %d (want %d), reported %v\nstdout: %s\nstderr: %s", code, tt.code, tt.reported, out, errOut)
			}
		})
	}
}
