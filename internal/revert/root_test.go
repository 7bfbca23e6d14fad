package revert

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/verify"
)

// TestCollectMatchesPrefixesInTheRoot: governed and granted prefixes are
// relative to the root; the collection keeps repository paths. A change
// outside the root is never governed, whatever its path looks like.
func TestCollectMatchesPrefixesInTheRoot(t *testing.T) {
	t.Parallel()
	changes := []gitrepo.Change{
		change2("pkg/tests/a.sh", "modified"),
		change2("pkg/tests/fixtures/x.txt", "modified"),
		change2("pkg/tests/new.sh", "created"),
		change2("pkg/tests_old/b.sh", "modified"),
		change2("pkgx/tests/c.sh", "modified"),   // a sibling whose name starts with the root's
		change2("tests/d.sh", "deleted"),         // the repository's own tests/, outside the root
		change2("pkg/src/tests/e.sh", "deleted"), // tests/ deeper in the root is not tests/
	}
	for _, c := range []struct {
		root, reverted, created string
	}{
		{"pkg", "pkg/tests/a.sh", "pkg/tests/new.sh"},
		{"", "tests/d.sh", ""},
		{".", "tests/d.sh", ""},
		{"pkg/src", "pkg/src/tests/e.sh", ""},
		{"pkgx", "pkgx/tests/c.sh", ""},
		{"other", "", ""},
	} {
		col := Collect(changes, c.root, []string{"tests/"}, []string{"tests/fixtures"})
		if got := pathsOf(col.Reverted); got != c.reverted {
			t.Errorf("root %q: reverted %q, want %q", c.root, got, c.reverted)
		}
		if got := pathsOf(col.Created); got != c.created {
			t.Errorf("root %q: created %q, want %q", c.root, got, c.created)
		}
	}
	if got := strings.Join(gitrepo.Paths(gitrepo.Within(changes, "pkg")), ","); got != "tests/a.sh,tests/fixtures/x.txt,tests/new.sh,tests_old/b.sh,src/tests/e.sh" {
		t.Errorf("root paths %s", got)
	}
}

func pathsOf(chs []gitrepo.Change) string {
	var out []string
	for _, ch := range chs {
		out = append(out, ch.Path)
	}
	return strings.Join(out, ",")
}

// inPackage is shProject moved into pkg/ of a repository whose top holds
// a tests/run.sh of its own that fails: a suite started at the top runs
// that one.
func inPackage() map[string]string {
	files := map[string]string{"tests/run.sh": "#!/bin/sh\necho the top-level suite ran\nexit 3\n"}
	for p, s := range shProject {
		files["pkg/"+p] = s
	}
	return files
}

// TestCheckRunsTheSuiteInTheRoot decides a package's governed edits with
// the suite started in the package, isolated and not; the repository's
// own tests/ beside it is neither governed nor run.
func TestCheckRunsTheSuiteInTheRoot(t *testing.T) {
	t.Parallel()
	sb := sandbox.New(context.Background(), sandbox.Policy{Mode: sandbox.Auto})
	forced := change{write: map[string]string{
		"pkg/src/greet.sh":        renamedGreeting["src/greet.sh"],
		"pkg/tests/test_greet.sh": ". ./src/greet.sh\n[ \"$(greet bob)\" = \"hi bob\" ] || { echo 'FAIL greet bob'; exit 1; }\n",
		"tests/run.sh":            "#!/bin/sh\nexit 4\n",
	}}
	added := change{write: map[string]string{"pkg/tests/test_greet.sh": shProject["tests/test_greet.sh"] + "[ \"$(greet)\" = \"hello \" ] || exit 1\n"}}
	for _, isolated := range []*sandbox.Sandbox{nil, sb} {
		if isolated != nil && !isolated.Isolated() {
			t.Logf("no sandbox on this machine: %s", isolated.Report().Reason)
			continue
		}
		for _, c := range []struct {
			name string
			ch   change
			want Verdict
		}{{"forced repair", forced, Permitted}, {"added coverage", added, Escalate}} {
			h := build(t, inPackage(), c.ch)
			res, err := Check(context.Background(), Options{Repo: h.repo, Root: "pkg", Base: h.base, Head: h.head, Governed: []string{"tests/"},
				Suite: "echo started in $(basename $PWD); " + shSuite, Env: verify.CleanEnv(os.Environ(), nil), Sandbox: isolated})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != c.want || strings.Join(res.Paths, ",") != "pkg/tests/test_greet.sh" {
				t.Errorf("%s (sandbox %v): verdict %s paths %v reason %q", c.name, isolated != nil, res.Verdict, res.Paths, res.Reason)
			}
			if res.Baseline == nil || !strings.Contains(res.Baseline.OutputTail, "started in pkg\n") {
				t.Errorf("%s (sandbox %v): the suite did not start in pkg: %+v", c.name, isolated != nil, res.Baseline)
			}
		}
	}
}

// TestRootMovedBeforeTheCloneIsNotFollowed: the root was found at pkg,
// then (as unsandboxed code from the change could) pkg in the checkout
// became a symlink to lib, whose tests the change did not touch. The clone
// is made at the root's place as the run's target found it, from the
// commit's objects, never from the work tree's links, so the suite still
// starts in the commit's pkg and the check decides exactly as for the
// honest control, unmoved: escalate, with the suite started in pkg.
func TestRootMovedBeforeTheCloneIsNotFollowed(t *testing.T) {
	t.Parallel()
	files := inPackage()
	for p, s := range shProject {
		files["lib/"+p] = s
	}
	for _, moved := range []bool{false, true} {
		h := build(t, files, change{write: map[string]string{"pkg/tests/test_greet.sh": shProject["tests/test_greet.sh"] + "true\n"}})
		if moved {
			if err := os.Rename(filepath.Join(h.dir, "pkg"), filepath.Join(h.dir, "pkg.was")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("lib", filepath.Join(h.dir, "pkg")); err != nil {
				t.Fatal(err)
			}
		}
		res, err := Check(context.Background(), Options{Repo: h.repo, Root: "pkg", Base: h.base, Head: h.head, Governed: []string{"tests/"},
			Suite: "echo started in $(basename $PWD); " + shSuite, Env: verify.CleanEnv(os.Environ(), nil)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Escalate || res.Baseline == nil || !strings.Contains(res.Baseline.OutputTail, "started in pkg\n") {
			t.Errorf("moved %v: verdict %s reason %q baseline %+v", moved, res.Verdict, res.Reason, res.Baseline)
		}
	}
}

func TestCheckRefusesARootThatIsNotACleanPathInside(t *testing.T) {
	t.Parallel()
	h := build(t, shProject, change{write: map[string]string{"tests/test_greet.sh": "true\n"}})
	for _, root := range []string{"..", "../x", "/abs", "pkg/", "pkg/../x", "./pkg"} {
		_, err := Check(context.Background(), Options{Repo: h.repo, Root: root, Base: h.base, Head: h.head, Governed: []string{"tests/"}, Suite: shSuite})
		if err == nil || !strings.Contains(err.Error(), "not a clean slash path") {
			t.Errorf("root %q: %v", root, err)
		}
	}
}
