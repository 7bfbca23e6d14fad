package lint_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lint"
)

// TestReadAheadGivesTheBasesGoGitGives: a change to every one of 300
// stories (every fifth also edits its frozen contract) is judged three
// ways: with git cat-file on PATH (the read-ahead streams the base
// blobs, more of them than its window), with a "git" on PATH that forges
// every blob it is asked for, and with no git at all (every base read by
// go-git: the reference). All three give the same findings, among them
// freeze/contract-changed on edited stories only; each base is read
// once, and only the honest git gives any. Not parallel: it sets PATH.
func TestReadAheadGivesTheBasesGoGitGives(t *testing.T) {
	r, base, names := baseRepo(t, 300)
	edited := map[string]bool{}
	for i, name := range names {
		if i%5 == 0 {
			editContract(t, r.Root, name)
			edited[name] = true
		}
		appendTo(t, r.Root, name, "A paragraph the change added.")
	}
	r.Commit("head")
	forger := t.TempDir()
	script := "#!/bin/sh\nwhile read -r id; do printf '%s blob 3\\nabc\\n' \"$id\"; done\n"
	if err := os.WriteFile(filepath.Join(forger, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	path := os.Getenv("PATH")
	judge := func(pathVar string) ([]diag.Diagnostic, int64, int64) {
		t.Setenv("PATH", pathVar)
		var reads, gitReads atomic.Int64
		res, err := lint.Run(lint.Options{Target: lint.TargetOf(t, r.Root, base, nil), Slim: true, BaseReads: &reads, GitReads: &gitReads})
		if err != nil {
			t.Fatal(err)
		}
		return res.Diagnostics, reads.Load(), gitReads.Load()
	}
	want, reads, gitReads := judge(t.TempDir())
	if reads != 300 || gitReads != 0 {
		t.Fatalf("no git: %d base reads, %d from git; want 300, 0", reads, gitReads)
	}
	frozen := 0
	for _, d := range want {
		if d.Rule == "freeze/contract-changed" {
			frozen++
			if !edited[d.File] {
				t.Errorf("no git: %s: contract changed, but the change did not edit it", d.File)
			}
		}
	}
	if frozen == 0 {
		t.Fatal("no git: no freeze/contract-changed finding: the bases show nothing")
	}
	for _, c := range []struct {
		name    string
		path    string
		fromGit int64
	}{{"git", path, 300}, {"forged git", forger + string(os.PathListSeparator) + path, 0}} {
		got, reads, gitReads := judge(c.path)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %d findings, %d without git", c.name, len(got), len(want))
		}
		if reads != 300 || gitReads != c.fromGit {
			t.Errorf("%s: %d base reads, %d from git; want 300, %d", c.name, reads, gitReads, c.fromGit)
		}
	}
}

// editContract raises a story's max_iterations, a frozen field.
func editContract(t *testing.T, root, name string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(name))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "\nmax_iterations: ", "\nmax_iterations: 1", 1)
	if edited == string(data) {
		t.Fatalf("%s has no max_iterations", name)
	}
	if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
}
