package verify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/testrepo"
)

// governedSuite fails while its assertion is in it.
const governedSuite = "#!/bin/sh\necho running the suite\nfalse # the assertion\n"

// governedRepo is a repository with a failing governed test, a test the
// glob "**/*_check.sh" covers, and a link to a host directory holding a
// secret, committed under the governed name "linked".
func governedRepo(t *testing.T) (dir, head string) {
	t.Helper()
	dir = t.TempDir()
	secretDir := t.TempDir()
	files := map[string]string{"tests/suite.sh": governedSuite, "pkg/unit_check.sh": governedSuite, "README.md": "hello\n"}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(secretDir, "secret"), []byte("linked-secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(secretDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secretDir, filepath.Join(dir, "linked")); err != nil {
		t.Fatal(err)
	}
	testrepo.GitCLI(t, dir, "init", "-q", "-b", "main")
	testrepo.GitCLI(t, dir, "add", "-A")
	testrepo.GitCLI(t, dir, "commit", "-q", "-m", "tests")
	return dir, testrepo.GitCLI(t, dir, "rev-parse", "HEAD")
}

func TestGovernedTestsAreReadOnlyInVerifysSandbox(t *testing.T) {
	sb := isolated(t, sandbox.Policy{})
	dir, head := governedRepo(t)
	deleteAssertion := func(file string) string {
		return "sed -i '/assertion/d' " + file + "; cat " + file + "; sh " + file
	}
	for _, tc := range []struct {
		name, command string
		governed      []string
		pass          bool
		want          string // in stdout
	}{
		{"attack: delete the assertion of a governed directory's test", deleteAssertion("tests/suite.sh"),
			[]string{"tests/"}, false, "false # the assertion"},
		{"attack: delete the assertion of a test a governed glob covers", deleteAssertion("pkg/unit_check.sh"),
			[]string{"**/*_check.sh"}, false, "false # the assertion"},
		{"control: ungoverned, the edit goes through", deleteAssertion("tests/suite.sh"), nil, true, "running the suite"},
		{"control: the rest of the clone stays writable", "echo note > notes.txt && cat notes.txt && echo x >> README.md",
			[]string{"tests/", "**/*_check.sh"}, true, "note"},
		{"attack: a governed link mounts nothing of its target", "cat linked/secret", []string{"linked"}, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			items := []Item{{Story: "s.md", ID: "V1", Command: tc.command, PassWhen: "exit_code == 0"}}
			r := Execute(context.Background(), items, Options{Dir: dir, Env: CleanEnv(os.Environ(), nil), Sandbox: sb,
				Source: sandbox.Source{Top: dir, Place: ".", Commit: head}, Governed: tc.governed})[0]
			if (r.Verdict == VerdictPass) != tc.pass || !strings.Contains(r.StdoutTail, tc.want) {
				t.Errorf("verdict %s (%s), want pass %v; stdout %q stderr %q", r.Verdict, r.Error, tc.pass, r.StdoutTail, r.StderrTail)
			}
			if strings.Contains(r.StdoutTail, "linked-secret") {
				t.Errorf("the link's target was mounted: %q", r.StdoutTail)
			}
		})
	}
}
