//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// secretOutside is what a file outside the repository holds; no loader
// may quote it.
const secretOutside = "SECRET-OUTSIDE-4711"

// hostile is one way a committed path can attack a loader.
type hostile struct {
	name string
	// plant makes path the hostile file.
	plant func(t *testing.T, path string)
	// rule is the finding the loader gives (loaders that report errors,
	// not findings, leave it empty).
	rule string
}

func hostiles(outsideRule, specialRule string) []hostile {
	return []hostile{
		{"symlink outside the repository", func(t *testing.T, path string) {
			secret := filepath.Join(t.TempDir(), "secret.md")
			if err := os.WriteFile(secret, []byte(secretOutside+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			link(t, secret, path)
		}, outsideRule},
		// /dev/zero is outside the repository too: refused before it is opened.
		{"link to /dev/zero", func(t *testing.T, path string) { link(t, "/dev/zero", path) }, outsideRule},
		{"FIFO", func(t *testing.T, path string) {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(path, 0o644); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
		}, specialRule},
	}
}

func link(t *testing.T, target, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}

// beforeDeadline runs f with a deadline: a loader that opens a FIFO blocks
// forever, and one that reads /dev/zero never ends.
func beforeDeadline(t *testing.T, f func() (int, string)) (int, string) {
	t.Helper()
	type result struct {
		code int
		out  string
	}
	done := make(chan result, 1)
	go func() { c, o := f(); done <- result{c, o} }()
	select {
	case r := <-done:
		return r.code, r.out
	case <-time.After(20 * time.Second):
		t.Fatal("the loader hung")
		return 0, ""
	}
}

func TestStageValidateRefusesHostileFiles(t *testing.T) {
	for _, h := range hostiles("input/outside-repository", "stage/file-encoding") {
		t.Run(h.name, func(t *testing.T) {
			dir := t.TempDir()
			vGit(t, dir, "init", "-q")
			writeFiles(t, dir, map[string]string{"stages/inception/demo.md": strings.ReplaceAll(stageDemo, "%SLUG%", "demo")})
			h.plant(t, filepath.Join(dir, "stages", "inception", "evil.md"))
			code, out := beforeDeadline(t, func() (int, string) {
				c, o, e := run(t, "stage", "validate", filepath.Join(dir, "stages"))
				return c, o + e
			})
			if code != ExitFindings || !strings.Contains(out, "evil.md") || !strings.Contains(out, "["+h.rule+"]") || strings.Contains(out, secretOutside) {
				t.Errorf("exit %d, want a %s finding on evil.md:\n%s", code, h.rule, out)
			}
		})
	}
}

func TestChecksRunRefusesHostileRecords(t *testing.T) {
	for _, h := range hostiles("input/outside-repository", "records/read") {
		t.Run(h.name, func(t *testing.T) {
			dir := t.TempDir()
			vGit(t, dir, "init", "-q")
			rec := filepath.Join(dir, "records", "step.json")
			h.plant(t, rec)
			code, out := beforeDeadline(t, func() (int, string) {
				c, o, e := run(t, "checks", "run", "--suite", "step-packet", rec)
				return c, o + e
			})
			if code != ExitFindings || !strings.Contains(out, "["+h.rule+"]") || strings.Contains(out, secretOutside) {
				t.Errorf("exit %d, want a %s finding:\n%s", code, h.rule, out)
			}
		})
	}
}

func TestConfigRefusesHostileFiles(t *testing.T) {
	for _, h := range hostiles("", "") {
		t.Run(h.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"stories/STORY-001.md": specTemplate(t, "STORY-001")})
			h.plant(t, filepath.Join(dir, ".github", "storygate.yml"))
			code, out := beforeDeadline(t, func() (int, string) {
				c, o, e := run(t, "validate", "--root", dir, filepath.Join(dir, "stories"))
				return c, o + e
			})
			if code != ExitUsage || !strings.Contains(out, "cannot read configuration") || strings.Contains(out, secretOutside) {
				t.Errorf("exit %d:\n%s", code, out)
			}
		})
	}
}

func TestPublishRefusesHostileResultsDocument(t *testing.T) {
	for _, h := range hostiles("", "")[1:] { // a named file may be a link; a device or FIFO may not
		t.Run(h.name, func(t *testing.T) {
			results := filepath.Join(t.TempDir(), "results.json")
			h.plant(t, results)
			code, out := beforeDeadline(t, func() (int, string) {
				c, o, e := run(t, "publish", "--results", results)
				return c, o + e
			})
			if code == ExitOK || !strings.Contains(out, "not a regular file") {
				t.Errorf("exit %d:\n%s", code, out)
			}
		})
	}
}
