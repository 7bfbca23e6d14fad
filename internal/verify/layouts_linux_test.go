//go:build linux

package verify

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/testrepo"
)

// layoutToken is the job's token, planted everywhere a runner keeps one.
const layoutToken = "ghs_layouttoken25xyz"

// runnerLayout is where one kind of runner keeps its directories, relative
// to the root the test builds it under.
type runnerLayout struct {
	name string
	// under is the host directory the root is made in: "" for a
	// t.TempDir(), or a real /opt or /home, where the runner layouts the
	// sandbox used to mount whole live.
	under                       string
	home, work, runner, toolDir string
}

var runnerLayouts = []runnerLayout{
	{name: "hosted", home: "home/runner", work: "home/runner/work", runner: "home/runner/actions-runner",
		toolDir: "opt/hostedtoolcache"},
	{name: "self-hosted under /opt", under: "/opt", home: "home/gh", work: "actions-runner/_work",
		runner: "actions-runner", toolDir: "actions-runner/_work/_tool"},
	{name: "self-hosted under /home", under: "/home", home: ".", work: "actions-runner/_work",
		runner: "actions-runner", toolDir: "actions-runner/_work/_tool"},
	{name: "container job", home: "github/home", work: "__w", runner: "__e", toolDir: "__t"},
}

// builtLayout is a layout made on disk, with the token planted.
type builtLayout struct {
	root, home, work, runner, toolCache, checkout, head, shared string
	planted                                                     []string
}

// build makes the layout under a fresh root and points the runner's
// variables at it.
func (l runnerLayout) build(t *testing.T) builtLayout {
	t.Helper()
	root := t.TempDir()
	if l.under != "" {
		dir, err := os.MkdirTemp(l.under, "storygate-layout-")
		if err != nil {
			t.Skipf("cannot make the layout under %s: %v", l.under, err)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		root = dir
	}
	b := builtLayout{root: root, home: filepath.Join(root, l.home), work: filepath.Join(root, l.work),
		runner: filepath.Join(root, l.runner), toolCache: filepath.Join(root, l.toolDir), shared: t.TempDir()}
	b.checkout = filepath.Join(b.work, "repo", "repo")
	b.plantCheckout(t)
	b.plantRunnerFiles(t)
	b.installTools(t)
	t.Setenv("HOME", b.home)
	t.Setenv("GITHUB_WORKSPACE", b.checkout)
	t.Setenv("RUNNER_WORKSPACE", filepath.Dir(b.checkout))
	t.Setenv("RUNNER_TEMP", filepath.Join(b.work, "_temp"))
	t.Setenv("RUNNER_TOOL_CACHE", b.toolCache)
	t.Setenv("GITHUB_ENV", filepath.Join(b.work, "_temp", "_runner_file_commands", "set_env_1"))
	t.Setenv("GITHUB_TOKEN", layoutToken)
	t.Setenv("DEPLOY_SECRET", layoutToken)
	t.Setenv("PATH", strings.Join([]string{filepath.Join(b.toolCache, "go", "1.0.0", "x64", "bin"),
		filepath.Join(b.home, ".local", "bin"), "/usr/local/bin", "/usr/bin", "/bin"}, ":"))
	return b
}

// write makes a file holding text (and its directories) and, when it
// holds the token, remembers it as planted.
func (b *builtLayout) write(t *testing.T, path, text string, mode fs.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text, layoutToken) {
		b.planted = append(b.planted, path)
	}
}

// plantCheckout makes the checkout as actions/checkout leaves it: a
// persisted token in http.extraheader.
func (b *builtLayout) plantCheckout(t *testing.T) {
	b.write(t, filepath.Join(b.checkout, "greet.sh"), "echo hello\n", 0o644)
	testrepo.GitCLI(t, b.checkout, "init", "-q", "-b", "main")
	testrepo.GitCLI(t, b.checkout, "add", "-A")
	testrepo.GitCLI(t, b.checkout, "commit", "-q", "-m", "first commit")
	testrepo.GitCLI(t, b.checkout, "config", "http.https://github.com/.extraheader", "AUTHORIZATION: basic "+layoutToken)
	b.planted = append(b.planted, filepath.Join(b.checkout, ".git", "config"))
	b.head = testrepo.GitCLI(t, b.checkout, "rev-parse", "HEAD")
}

// plantRunnerFiles puts the token where the runner and the user keep it,
// readable by anyone, as a careless runner would.
func (b *builtLayout) plantRunnerFiles(t *testing.T) {
	for _, f := range []string{
		filepath.Join(b.work, "_temp", "_runner_file_commands", "set_env_1"),
		filepath.Join(b.work, "_temp", "0f1e2d.sh"),
		filepath.Join(b.runner, ".credentials"),
		filepath.Join(b.runner, ".runner"),
		filepath.Join(b.runner, "_diag", "Worker_20260101.log"),
		filepath.Join(b.home, ".netrc"),
		filepath.Join(b.home, ".git-credentials"),
	} {
		b.write(t, f, "DEPLOY_SECRET="+layoutToken+"\n", 0o644)
	}
}

// installTools installs a fake go in the tool cache, one in $HOME that
// must not be mounted, and a configured sandbox path.
func (b *builtLayout) installTools(t *testing.T) {
	b.write(t, filepath.Join(b.toolCache, "go", "1.0.0", "x64", "bin", "go"), "#!/bin/sh\necho fake go ran\n", 0o755)
	b.write(t, filepath.Join(b.home, ".local", "bin", "homego"), "#!/bin/sh\necho home tool ran\n", 0o755)
	b.write(t, filepath.Join(b.shared, "data.txt"), "shared-path-ok\n", 0o644)
	for _, d := range []string{b.root, b.shared, filepath.Dir(b.shared)} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// snoop reads everything a command from the change could think of and
// writes what it found to its stdout, its stderr and its tree.
func snoop(b builtLayout) string {
	var cats []string
	for _, p := range b.planted {
		cats = append(cats, "cat "+p)
	}
	return strings.Join([]string{
		"{ env; " + strings.Join(cats, "; ") + "; cat /proc/*/environ",
		"ls -la " + b.root + " " + b.work + " " + b.home,
		"grep -rasI ghs_ / --exclude-dir=proc --exclude-dir=sys --exclude-dir=dev --exclude-dir=usr; } > found.txt 2>&1",
		"cat found.txt; cat found.txt >&2",
		"go; homego; cat " + filepath.Join(b.shared, "data.txt") + "; true",
	}, "; ")
}

func TestSandboxShowsNoRunnerSecretOnAnyLayout(t *testing.T) {
	for _, l := range runnerLayouts {
		t.Run(l.name, func(t *testing.T) {
			b := l.build(t)
			sb := isolated(t, sandbox.Policy{ReadOnly: []string{b.shared}})
			tree, err := sandbox.Clone(context.Background(), sandbox.Source{Top: b.checkout, Place: ".", Commit: b.head})
			if err != nil {
				t.Fatal(err)
			}
			defer tree.Close()
			x := Run(context.Background(), Spec{Command: snoop(b), Dir: tree.Work, Env: CleanEnv(os.Environ(), nil),
				Sandbox: sb, Mounts: tree.Mounts()})
			r := Result{Story: "s.md", ID: "V1", Command: snoop(b), PassWhen: "exit_code == 0"}
			record(&r, x)
			doc, err := json.Marshal(NewDocument([]string{"s.md"}, []Result{r}, nil))
			if err != nil {
				t.Fatal(err)
			}
			if x.StartErr != nil || !x.Sandboxed {
				t.Fatalf("the command did not run sandboxed: %v", x.StartErr)
			}
			if !strings.Contains(x.Stdout, "found.txt") && !strings.Contains(x.Stdout, "PATH=") {
				t.Fatalf("the snooping command did not report what it read: %q", x.Stdout)
			}
			for where, text := range map[string]string{"stdout": x.Stdout, "stderr": x.Stderr, "results document": string(doc),
				"the clone": treeText(t, tree.Dir)} {
				if strings.Contains(text, layoutToken) {
					t.Errorf("the token reached %s:\n%s", where, text)
				}
			}
			assertControls(t, sb, x)
		})
	}
}

// assertControls checks what the sandbox must still show: the tool
// cache's toolchain and the configured path, and that it said which PATH
// entry it left out.
func assertControls(t *testing.T, sb *sandbox.Sandbox, x Execution) {
	t.Helper()
	for _, want := range []string{"fake go ran", "shared-path-ok"} {
		if !strings.Contains(x.Stdout, want) {
			t.Errorf("stdout lacks %q (stderr %q)", want, x.Stderr)
		}
	}
	if strings.Contains(x.Stdout, "home tool ran") {
		t.Errorf("a tool under $HOME ran in the sandbox")
	}
	if notes := strings.Join(sb.Report().NotMounted, "\n"); !strings.Contains(notes, ".local/bin") {
		t.Errorf("the report does not say the $HOME PATH entry was left out: %q", notes)
	}
}

// treeText is every file of the tree, .git included, concatenated.
func treeText(t *testing.T, dir string) string {
	t.Helper()
	var all strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(p)
		all.Write(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return all.String()
}

func TestSandboxPathExposingTheRunnerRefusesTheCommand(t *testing.T) {
	b := runnerLayouts[0].build(t)
	for _, tc := range []struct {
		name  string
		mode  sandbox.Mode
		paths []string
		runs  bool
	}{
		{"attack: $HOME, required", sandbox.Required, []string{b.home}, false},
		{"attack: the work directory, auto", sandbox.Auto, []string{b.work}, false},
		{"attack: a parent of the runner, auto", sandbox.Auto, []string{b.root}, false},
		{"control: a directory of its own", sandbox.Required, []string{b.shared}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sb := sandbox.New(context.Background(), sandbox.Policy{Mode: tc.mode, ReadOnly: tc.paths})
			if !sb.Isolated() {
				needsandbox.Missing(t, sb.Report().Reason)
			}
			x := Run(context.Background(), Spec{Command: "cat " + filepath.Join(b.home, ".netrc") + "; echo ran", Dir: "/",
				Env: CleanEnv(os.Environ(), nil), Sandbox: sb})
			if ran := x.StartErr == nil && strings.Contains(x.Stdout, "ran"); ran != tc.runs {
				t.Fatalf("ran %v, want %v: %v %q", ran, tc.runs, x.StartErr, x.Stdout)
			}
			if !tc.runs && !strings.Contains(x.StartErr.Error(), "verify.sandbox_paths") {
				t.Errorf("the refusal does not name the key: %v", x.StartErr)
			}
			if strings.Contains(x.Stdout+x.Stderr, layoutToken) {
				t.Errorf("the token reached the output: %q %q", x.Stdout, x.Stderr)
			}
		})
	}
}
