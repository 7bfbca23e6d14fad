package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// fileArgs builds a command line that names path where the command reads
// a file, in a git work tree root.
type fileArgs func(root, path string) []string

// fileInputs lists, for every command, each place it reads a file named
// on the command line. A command that reads none says so in noFileInput.
var fileInputs = map[string]fileArgs{
	"validate PATH":     func(root, p string) []string { return []string{"validate", "--root", root, p} },
	"validate --config": func(root, p string) []string { return []string{"validate", "--root", root, "--config", p} },
	"transition STORY": func(root, p string) []string {
		return []string{"transition", "--root", root, "--event", "submit", "--actor", "agent", p}
	},
	"stage validate DIR": func(root, p string) []string { return []string{"stage", "validate", p} },
	"stage compile DIR":  func(root, p string) []string { return []string{"stage", "compile", p} },
	"step check-patch": func(root, p string) []string {
		return []string{"step", "check-patch", "--kind", p, "--packet", p, "--reply", p}
	},
	"checks run --suite": func(root, p string) []string { return []string{"checks", "run", "--suite", p, "x.json"} },
	"checks run FILE":    func(root, p string) []string { return []string{"checks", "run", "--suite", "step-packet", p} },
	"verify PATH":        func(root, p string) []string { return []string{"verify", "--root", root, p} },
	"verify --config":    func(root, p string) []string { return []string{"verify", "--root", root, "--config", p} },
	"revert-check --config": func(root, p string) []string {
		return []string{"revert-check", "--root", root, "--base", "HEAD", "--config", p}
	},
	"merge-results FILE": func(root, p string) []string { return []string{"merge-results", p} },
	"publish --results":  func(root, p string) []string { return []string{"publish", "--results", p} },
	"action --config": func(root, p string) []string {
		return []string{"action", "--event-name", "local", "--root", root, "--config", p}
	},
	"action --event-path": func(root, p string) []string {
		return []string{"action", "--event-name", "pull_request", "--root", root, "--event-path", p}
	},
}

// takesDirectories are the inputs where a directory is a legal argument
// (its files are walked), so only missing and unreadable apply.
var takesDirectories = map[string]bool{
	"validate PATH": true, "verify PATH": true, "stage validate DIR": true, "stage compile DIR": true, "checks run FILE": true,
}

// noFileInput are the commands that read no file named on the command line.
var noFileInput = map[string]string{
	"version": "prints the build's version",
	"protect": "reads the app key from the environment, not a file",
}

// TestEveryCommandIsInTheExitCodeTable keeps the table below complete.
func TestEveryCommandIsInTheExitCodeTable(t *testing.T) {
	for name := range commands {
		covered := noFileInput[name] != ""
		for input := range fileInputs {
			covered = covered || strings.HasPrefix(input, name+" ")
		}
		if !covered {
			t.Errorf("command %s has no exit-code test for its file inputs", name)
		}
	}
}

// TestAFileThatCannotBeReadIsAUsageError: a missing file, an unreadable
// one and a directory given as a file exit 2 from every command, naming
// the path.
func TestAFileThatCannotBeReadIsAUsageError(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"README.md": "x\n"})
	repo.Commit("base")
	dir := t.TempDir()
	unreadable := filepath.Join(dir, "unreadable.yml")
	if err := os.WriteFile(unreadable, []byte("a: b\n"), 0o000); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{"missing": filepath.Join(dir, "missing.yml"), "directory": t.TempDir(), "unreadable": unreadable}
	for input, args := range fileInputs {
		for kind, path := range kinds {
			t.Run(input+"/"+kind, func(t *testing.T) {
				switch {
				case kind == "directory" && takesDirectories[input]:
					t.Skip("a directory is a legal argument here: its files are walked")
				case kind == "unreadable" && os.Geteuid() == 0:
					t.Skip("root reads a mode-000 file; the directory case covers an unreadable file")
				}
				code, _, errOut := run(t, args(repo.Root, path)...)
				if code != ExitUsage || !strings.Contains(errOut, filepath.Base(path)) {
					t.Errorf("exit %d, stderr %q; want %d naming %s", code, errOut, ExitUsage, path)
				}
			})
		}
	}
}

// TestADurationThatDoesNotRunForwardIsAUsageError: the configuration
// refuses what the command line refuses, with the value's position.
func TestADurationThatDoesNotRunForwardIsAUsageError(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{".github/storygate.yml": "verify:\n  timeout: -5s\n"})
	repo.Commit("base")
	for name, args := range map[string][]string{
		"verify config":       {"verify", "--root", repo.Root},
		"validate config":     {"validate", "--root", repo.Root},
		"verify flag":         {"verify", "--root", t.TempDir(), "--timeout", "-5s"},
		"action github flag":  {"action", "--event-name", "local", "--root", repo.Root, "--github-deadline", "0s"},
		"publish github flag": {"publish", "--results", "r.json", "--github-request-timeout", "-1s"},
	} {
		t.Run(name, func(t *testing.T) {
			code, _, errOut := run(t, args...)
			if code != ExitUsage {
				t.Errorf("exit %d, want %d\n%s", code, ExitUsage, errOut)
			}
			if strings.HasSuffix(name, "config") && !strings.Contains(errOut, "storygate.yml:2:12: verify.timeout: -5s is not a positive duration") {
				t.Errorf("stderr %q, want the positioned finding", errOut)
			}
		})
	}
}

// TestAnEmptyOrOverlongPathIsAUsageError (issue 24): an empty argument
// names no file, so it exits 2 rather than being read as "no path given"
// (`validate ""` validated every story); a path longer than the system
// allows is the caller's to fix (exit 2, naming it), not storygate's (3).
// The control: the same command on a real story exits by its findings.
func TestAnEmptyOrOverlongPathIsAUsageError(t *testing.T) {
	repo := testrepo.New(t)
	repo.Write(map[string]string{"stories/STORY-001.md": testrepo.DemoStory(t, "STORY-003.md")})
	repo.Commit("base")
	long := filepath.Join(repo.Root, strings.Repeat("a", 120_000))
	for _, input := range []string{"validate PATH", "verify PATH", "transition STORY", "stage validate DIR", "stage compile DIR", "checks run FILE", "merge-results FILE"} {
		t.Run(input+"/empty", func(t *testing.T) {
			code, _, errOut := run(t, fileInputs[input](repo.Root, "")...)
			if code != ExitUsage || !strings.Contains(errOut, "is empty") {
				t.Errorf("exit %d, stderr %q; want %d saying the argument is empty", code, errOut, ExitUsage)
			}
		})
	}
	for _, input := range []string{"validate PATH", "verify PATH"} {
		t.Run(input+"/overlong", func(t *testing.T) {
			code, _, errOut := run(t, fileInputs[input](repo.Root, long)...)
			if code != ExitUsage || !strings.Contains(errOut, "aaaa") {
				t.Errorf("exit %d, stderr %.200q; want %d naming the path", code, errOut, ExitUsage)
			}
		})
	}
	if code, _, errOut := run(t, fileInputs["validate PATH"](repo.Root, filepath.Join(repo.Root, "stories", "STORY-001.md"))...); code != ExitFindings {
		t.Errorf("control: exit %d, want %d (STORY-003's errors)\n%s", code, ExitFindings, errOut)
	}
}
