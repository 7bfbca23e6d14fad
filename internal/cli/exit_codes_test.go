package cli

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
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
	"serve --private-key-file":    func(root, p string) []string { return []string{"serve", "--app-id", "1", "--private-key-file", p} },
	"serve --webhook-secret-file": func(root, p string) []string { return []string{"serve", "--app-id", "1", "--webhook-secret-file", p} },
}

// takesDirectories are the inputs where a directory is a legal argument
// (its files are walked): a directory there is refused only when it
// holds nothing to judge (storylessDirectorySituations).
var takesDirectories = map[string]bool{
	"validate PATH": true, "verify PATH": true, "stage validate DIR": true, "stage compile DIR": true, "checks run FILE": true,
}

// noFileInput are the commands that read no file named on the command line.
var noFileInput = map[string]string{
	"version":    "prints the build's version",
	"protect":    "reads the app key from the environment, not a file",
	"init":       "writes into the --root directory; reads only the project's own manifests there",
	"new":        "takes a title, not a file; reads the stories the configuration's globs find",
	"completion": "takes a shell's name and prints a script; reads no file",
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

// unusableFileSituations are, for every input of fileInputs, the files a
// command cannot use, each a usage error (exit 2) naming the path: a
// missing file, an unreadable one (mode 000, even for root: runUnreadable;
// for a stage directory, a directory that cannot be listed), and a
// directory where a file is read. (TestAFileThatCannotBeReadIsAUsageError
// ran these; the exit-code table's test runs them now, root included.)
func unusableFileSituations() []situation {
	var out []situation
	for _, input := range sortedInputs() {
		for _, kind := range []string{"missing", "unreadable", "directory"} {
			if kind == "directory" && takesDirectories[input] {
				continue // walked: a directory holding none is its own example
			}
			out = append(out, situation{input + "/" + kind, func(t *testing.T) (int, string, string) {
				repo := testrepo.New(t)
				repo.Write(map[string]string{"README.md": "x\n"})
				repo.Commit("base")
				path := unusableFile(t, repo.Root, input, kind)
				runner := run
				if kind == "unreadable" {
					runner = runUnreadable
				}
				code, stdout, stderr := runner(t, fileInputs[input](repo.Root, path)...)
				if kind == "unreadable" && !strings.Contains(stderr, "permission denied") {
					t.Errorf("stderr %q: the file was not unreadable to the command, or it did not say so", stderr)
				}
				return code, stdout + stderr, filepath.Base(path)
			}})
		}
	}
	return out
}

// unusableFile makes the kind of file input cannot use. An unreadable
// file lies where the input reads it: a story inside the repository, a
// configuration outside it (one inside is read at the base revision).
func unusableFile(t *testing.T, root, input, kind string) string {
	t.Helper()
	switch kind {
	case "missing":
		return filepath.Join(t.TempDir(), "missing.yml")
	case "directory":
		return t.TempDir()
	}
	dir := t.TempDir()
	if readsInRepository[input] {
		dir = filepath.Join(root, "inputs")
	}
	if takesDirectories[input] && !readsInRepository[input] {
		locked := filepath.Join(dir, "locked")
		writeFiles(t, locked, map[string]string{"inception/alpha.md": demoStage("alpha")})
		lock(t, locked)
		return locked
	}
	p := filepath.Join(dir, "unreadable.yml")
	writeFiles(t, dir, map[string]string{"unreadable.yml": "a: b\n"})
	lock(t, p)
	return p
}

// lock takes every permission from path, and gives them back when the
// test ends so that its directory can be removed.
func lock(t *testing.T, path string) {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o000); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(path, info.Mode().Perm()) })
}

// readsInRepository are the inputs read only inside the repository.
var readsInRepository = map[string]bool{"validate PATH": true, "verify PATH": true, "transition STORY": true, "checks run FILE": true}

// sortedInputs are fileInputs' names, sorted, for a stable order.
func sortedInputs() []string { return slices.Sorted(maps.Keys(fileInputs)) }

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
