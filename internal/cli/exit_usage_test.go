package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// The situations of the table's row 2, usage or configuration errors
// (exit_table_test.go).

func usageSituations() map[string][]situation {
	return map[string][]situation{
		"an unknown flag": unknownFlagSituations(),
		"a file named on the command line that is missing, unreadable or a directory": unusableFileSituations(),
		"a directory named for stories, stages or records that holds none":            storylessDirectorySituations(),
		"an empty argument, or a path longer than the system allows":                  emptyOrOverlongSituations(),
		"an invalid `.github/storygate.yml` (positioned: `verify.timeout: -5s`)":      invalidConfigSituations(),
		"a refused results document":                                                  refusedDocumentSituations(),
		serveConfigExample:                                                            serveConfigSituations(),
	}
}

func unknownFlagSituations() []situation {
	var out []situation
	for _, name := range sortedCommands() {
		out = append(out, situation{name, func(t *testing.T) (int, string, string) {
			code, stdout, stderr := run(t, append(subcommand(name), "--no-such-flag")...)
			return code, stdout + stderr, "-no-such-flag"
		}})
	}
	return out
}

// storylessDirectorySituations: a directory given where stories, stages
// or records are walked, holding files but none of those, would be
// judged as "0 files" and pass; it is refused, naming it.
// TestADirectoryWithFilesIsWalked is the control.
func storylessDirectorySituations() []situation {
	var out []situation
	for _, input := range sortedInputs() {
		if !takesDirectories[input] {
			continue
		}
		out = append(out, situation{input, func(t *testing.T) (int, string, string) {
			repo := testrepo.New(t)
			repo.Write(map[string]string{"notes/README.md": "# Notes\n", "notes/todo.txt": "x\n"})
			repo.Commit("base")
			code, stdout, stderr := run(t, fileInputs[input](repo.Root, filepath.Join(repo.Root, "notes"))...)
			return code, stdout + stderr, "notes"
		}})
	}
	out = append(out, situation{"validate the root of a repository without stories", func(t *testing.T) (int, string, string) {
		repo := testrepo.New(t)
		repo.Write(map[string]string{"README.md": "# Project\n"})
		repo.Commit("base")
		code, stdout, stderr := run(t, "validate", "--root", repo.Root, repo.Root)
		return code, stdout + stderr, "holds no story file"
	}})
	return out
}

// TestADirectoryWithFilesIsWalked is the control of the storyless
// directories: the same inputs on a directory holding what they judge
// check every file in it, exiting by the findings.
func TestADirectoryWithFilesIsWalked(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{
		"stories/STORY-001.md": testrepo.DemoStory(t, "STORY-001.md"), "stories/STORY-002.md": testrepo.DemoStory(t, "STORY-002.md"),
		"stages/inception/alpha.md": demoStage("alpha"), "agents/aidlc-product-agent.md": "# Product\n",
	})
	repo.Commit("base")
	records := filepath.Join(recordsTestdata, "golden")
	for input, c := range map[string]struct {
		dir, out string
		code     int
	}{
		"validate PATH":      {filepath.Join(repo.Root, "stories"), "in 2 files", ExitOK},
		"verify PATH":        {filepath.Join(repo.Root, "stories"), "in 2 files", ExitFindings},
		"stage validate DIR": {filepath.Join(repo.Root, "stages"), "in 1 file", ExitOK},
		"stage compile DIR":  {filepath.Join(repo.Root, "stages"), "alpha", ExitOK},
		"checks run FILE":    {records, "in 14 files", ExitFindings},
	} {
		t.Run(input, func(t *testing.T) {
			code, stdout, stderr := run(t, fileInputs[input](repo.Root, c.dir)...)
			if code != c.code || !strings.Contains(stdout+stderr, c.out) {
				t.Errorf("exit %d, want %d with %q:\n%s%s", code, c.code, c.out, stdout, stderr)
			}
		})
	}
}

// emptyOrOverlongSituations: every input given a path longer than the
// system allows, and every positional one given "", exits 2 naming it.
// (TestAnEmptyOrOverlongPathIsAUsageError holds the control.)
func emptyOrOverlongSituations() []situation {
	var out []situation
	for _, input := range sortedInputs() {
		out = append(out, situation{input + "/overlong", func(t *testing.T) (int, string, string) {
			repo := testrepo.New(t)
			repo.Write(map[string]string{"README.md": "x\n"})
			repo.Commit("base")
			code, stdout, stderr := run(t, fileInputs[input](repo.Root, filepath.Join(repo.Root, strings.Repeat("a", 120_000)))...)
			return code, stdout + strings.ReplaceAll(stderr, strings.Repeat("a", 1000), "a"), "aaaa"
		}})
		if !positional(input) {
			continue
		}
		out = append(out, situation{input + "/empty", func(t *testing.T) (int, string, string) {
			code, stdout, stderr := run(t, fileInputs[input](t.TempDir(), "")...)
			return code, stdout + stderr, "is empty; it names no file"
		}})
	}
	return append(out, titleSituations()...)
}

// positional reports whether input is a positional argument (its name
// ends in an upper-case placeholder, not a --flag).
func positional(input string) bool {
	last := input[strings.LastIndexByte(input, ' ')+1:]
	return strings.ToUpper(last) == last && !strings.HasPrefix(last, "--")
}

func invalidConfigSituations() []situation {
	var out []situation
	for name, args := range map[string][]string{
		"validate":     {"validate", "--root", "ROOT"},
		"verify":       {"verify", "--root", "ROOT"},
		"revert-check": {"revert-check", "--root", "ROOT", "--base", "HEAD"},
		"action":       {"action", "--event-name", "local", "--root", "ROOT"},
	} {
		out = append(out, situation{name, func(t *testing.T) (int, string, string) {
			repo := testrepo.New(t)
			repo.Write(map[string]string{".github/storygate.yml": "verify:\n  timeout: -5s\n"})
			repo.Commit("base")
			full := append([]string{}, args...)
			for i, a := range full {
				full[i] = strings.ReplaceAll(a, "ROOT", repo.Root)
			}
			code, stdout, stderr := run(t, full...)
			return code, stdout + stderr, "2:12: verify.timeout: -5s is not a positive duration"
		}})
	}
	return out
}

func refusedDocumentSituations() []situation {
	notJSON := func(t *testing.T) string {
		p := filepath.Join(t.TempDir(), "results.json")
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return []situation{
		{"publish of a document that is not JSON", func(t *testing.T) (int, string, string) {
			_, _, _, fake := actionRepo(t)
			code, stdout, stderr := run(t, "publish", "--results", notJSON(t))
			if len(fake.Calls()) != 0 {
				t.Errorf("a refused document reached GitHub: %v", fake.Calls())
			}
			return code, stdout + stderr, "results.json"
		}},
		{"merge-results of a shard that is not JSON", func(t *testing.T) (int, string, string) {
			code, stdout, stderr := run(t, "merge-results", notJSON(t))
			return code, stdout + stderr, "results.json"
		}},
	}
}
