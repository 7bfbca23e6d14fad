package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/report"
)

// inPrefix returns files with every path under prefix ("" for the top,
// "pkg/" for a package of a monorepo).
func inPrefix(prefix string, files map[string]string) map[string]string {
	out := make(map[string]string, len(files))
	for p, s := range files {
		out[prefix+p] = s
	}
	return out
}

// rootPlacement is where a test's root is: at the top of its repository
// (the control), in a package (prefix "pkg/", root "pkg"), or in a
// package named through a symlink in the repository (alias -> pkg), which
// every command refuses (safefile.CheckRoot; see refusedLink).
type rootPlacement struct {
	name, prefix, root string
	link               bool
}

func rootPlacements() []rootPlacement {
	return []rootPlacement{
		{"root at the top (control)", "", "", false},
		{"root in a subdirectory", "pkg/", "pkg", false},
		{"subdirectory root named through a symlink", "pkg/", "pkg", true},
	}
}

// dir is the root of the repository at top as --root names it, making the
// link when the placement has one.
func (c rootPlacement) dir(t *testing.T, top string) string {
	t.Helper()
	if !c.link {
		return filepath.Join(top, c.root)
	}
	link := filepath.Join(top, "alias")
	if err := os.Symlink(c.root, link); err != nil {
		t.Fatal(err)
	}
	return link
}

// refusedLink reports whether c names its root through a link in the
// repository, and then requires the command's refusal: exit 2, naming the
// link. What a link in the checkout points to is the change's to choose.
func (c rootPlacement) refusedLink(t *testing.T, code int, stdout, stderr string) bool {
	t.Helper()
	if !c.link {
		return false
	}
	if code != ExitUsage || !strings.Contains(stderr, "alias, on the way from the repository's top") {
		t.Errorf("a root named through a link in the checkout: exit %d, want %d naming the link\n%s%s", code, ExitUsage, stdout, stderr)
	}
	return true
}

// TestValidateBaseInASubdirectoryRoot runs the changed-file rules with
// --root a package inside its repository. The change edits files inside
// the package that its generating story's `*.md` scope does not claim
// (docs/x.md, a created test), which must still fail, and files outside
// the package (another package's code and tests, the top's README),
// which are not the package's stories' business. Findings name paths
// relative to the root, as every story finding does. The honest control
// is the same project at the top of its repository; the symlink neighbour
// names the package through a link in the repository, which is refused.
func TestValidateBaseInASubdirectoryRoot(t *testing.T) {
	t.Parallel()
	story := globStory([]string{"*.md"}, nil)
	inside := map[string]string{
		"README.md": "# edited\n", "docs/x.md": "# edited\n", "tests/new_test.sh": "true\n",
		"stories/STORY-001.md": story + "\n<!-- iteration 1 -->\n",
	}
	outside := map[string]string{"lib/src/a.go": "package src // edited\n", "lib/tests/new_test.sh": "true\n", "README.md": "# top, edited\n"}
	for _, c := range rootPlacements() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			base, head := inPrefix(c.prefix, globProject(story)), inPrefix(c.prefix, inside)
			if c.prefix != "" {
				base["lib/src/a.go"], base["README.md"] = "package src\n", "# top\n"
				for p, s := range outside {
					head[p] = s
				}
			}
			dir := vRepo(t, base)
			vCommit(t, dir, head, "head")
			root := c.dir(t, dir)
			code, stdout, stderr := vMain("validate", "--root", root, "--base", "HEAD~1")
			if c.refusedLink(t, code, stdout, stderr) {
				return
			}
			if code != ExitFindings {
				t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
			}
			if got, want := findingsOf(stdout, "scope/out-of-scope"), []string{"docs/x.md", "tests/new_test.sh"}; !slices.Equal(got, want) {
				t.Errorf("scope/out-of-scope on %v, want %v\n%s%s", got, want, stdout, stderr)
			}
			if got, want := findingsOf(stdout, "revert/may-not-create"), []string{"tests/new_test.sh"}; !slices.Equal(got, want) {
				t.Errorf("revert/may-not-create on %v, want %v\n%s", got, want, stdout)
			}
			checkPublishedPaths(t, dir, c.prefix, "validate", "--root", root, "--base", "HEAD~1")
		})
	}
}

// TestValidateFilterChangedInASubdirectoryRoot: the stories' base
// versions are read at the root's place in the base commit. Read at the
// root-relative path, every story of a package looked created, so the
// untouched broken story was judged (and every base rule judged a story
// with no past). The control is the same repository at the top.
func TestValidateFilterChangedInASubdirectoryRoot(t *testing.T) {
	t.Parallel()
	for _, prefix := range []string{"", "pkg/"} {
		t.Run("prefix "+prefix, func(t *testing.T) {
			t.Parallel()
			stories := map[string]string{"stories/STORY-001.md": string(demoStory(t, "STORY-001.md")),
				"stories/STORY-002.md": string(demoStory(t, "STORY-002.md")), "stories/STORY-003.md": string(demoStory(t, "STORY-003.md"))}
			dir := vRepo(t, inPrefix(prefix, stories))
			vCommit(t, dir, inPrefix(prefix, map[string]string{"stories/STORY-001.md": stories["stories/STORY-001.md"] + "\n<!-- touched -->\n"}), "head")
			root := filepath.Join(dir, strings.TrimSuffix(prefix, "/"))
			code, out, errOut := vMain("validate", "--root", root, "--base", "HEAD~1", "--filter", "changed")
			if code != ExitOK || strings.Contains(out, "STORY-003.md:") || !strings.Contains(out, "in 2 files the change did not touch") {
				t.Errorf("exit %d, want 0 with STORY-002 and STORY-003 set apart\n%s%s", code, out, errOut)
			}
		})
	}
}

// TestValidateStoryMovedAcrossTheRoot: a story moved out of the package
// is, for the package, deleted with its history (authority/append-only);
// the control moves it inside the package, which keeps its id and is no
// deletion. Moved into a package, it is the package's new story and the
// package it left sees the deletion.
func TestValidateStoryMovedAcrossTheRoot(t *testing.T) {
	t.Parallel()
	done := string(demoStory(t, "STORY-001.md"))
	for _, c := range []struct {
		name, from, to, root string
		deleted              bool
	}{
		{"moved inside the package (control)", "pkg/stories/STORY-001.md", "pkg/stories/done/STORY-001.md", "pkg", false},
		{"moved out of the package", "pkg/stories/STORY-001.md", "lib/stories/STORY-001.md", "pkg", true},
		{"moved into another package, seen from the one it left", "lib/stories/STORY-001.md", "pkg/stories/STORY-001.md", "lib", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := vRepo(t, map[string]string{c.from: done, "pkg/README.md": "# pkg\n", "lib/README.md": "# lib\n"})
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, c.to)), 0o755); err != nil {
				t.Fatal(err)
			}
			vGit(t, dir, "mv", c.from, c.to)
			vGit(t, dir, "commit", "-q", "-m", "move")
			_, stdout, stderr := vMain("validate", "--root", filepath.Join(dir, c.root), "--base", "HEAD~1")
			got := findingsOf(stdout, "authority/append-only")
			if want := "stories/STORY-001.md"; c.deleted != slices.Equal(got, []string{want}) || (!c.deleted && len(got) > 0) {
				t.Errorf("authority/append-only on %v, want deleted %v\n%s%s", got, c.deleted, stdout, stderr)
			}
		})
	}
}

// TestVerifyBaseSelectsChangedStoriesInASubdirectoryRoot: verify --base
// reruns the stories the change touched; in a package it compared the
// package's story paths with repository paths, found none touched and
// verified nothing. The control is the same repository at the top; a
// story the change touched in another package is not the package's.
func TestVerifyBaseSelectsChangedStoriesInASubdirectoryRoot(t *testing.T) {
	t.Parallel()
	items := [][2]string{{"V1", "true"}}
	for _, prefix := range []string{"", "pkg/"} {
		t.Run("prefix "+prefix, func(t *testing.T) {
			t.Parallel()
			base := inPrefix(prefix, map[string]string{
				"stories/STORY-001.md": verifyStory("STORY-001", "generating", items, nil),
				"stories/STORY-002.md": verifyStory("STORY-002", "evaluating", items, nil),
			})
			head := inPrefix(prefix, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating", items, nil)})
			if prefix != "" {
				base["lib/stories/STORY-002.md"] = verifyStory("STORY-002", "generating", items, nil)
				head["lib/stories/STORY-002.md"] = verifyStory("STORY-002", "evaluating", items, nil)
			}
			dir := vRepo(t, base)
			vCommit(t, dir, head, "head")
			out := filepath.Join(t.TempDir(), "r.json")
			if code, _, stderr := vMain("verify", "--root", filepath.Join(dir, prefix), "--base", "HEAD~1", "--out", out); code != ExitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if got := strings.Join(readResults(t, out).Stories, ","); got != "stories/STORY-001.md" {
				t.Errorf("verified stories %q, want only the changed one at evaluating", got)
			}
		})
	}
}

// checkPublishedPaths runs a command with --format json, github and sarif:
// json names the paths relative to the root, as text does; github and
// sarif, which GitHub resolves against the repository, name repository
// paths (prefix once), each a file of the repository at top.
func checkPublishedPaths(t *testing.T, top, prefix string, args ...string) {
	t.Helper()
	_, out, _ := vMain(append(args, "--format", "json")...)
	var doc report.JSONDocument
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Diagnostics) == 0 {
		t.Fatalf("json: %v\n%s", err, out)
	}
	var published []string
	for _, d := range doc.Diagnostics {
		if prefix != "" && strings.HasPrefix(d.File, prefix) {
			t.Errorf("json names %s, not relative to the root", d.File)
		}
		published = append(published, prefix+d.File)
	}
	_, github, _ := vMain(append(args, "--format", "github")...)
	if got := workflowCommandFiles(github); !slices.Equal(got, published) {
		t.Errorf("--format github on %v, want %v", got, published)
	}
	_, sarif, _ := vMain(append(args, "--format", "sarif")...)
	var uris []string
	for _, m := range regexp.MustCompile(`"uri": "([^"]+)"`).FindAllStringSubmatch(sarif, -1) {
		uris = append(uris, m[1])
	}
	if !slices.Equal(uris, published) {
		t.Errorf("sarif artifact locations %v, want %v", uris, published)
	}
	for _, p := range published {
		if _, err := os.Stat(filepath.Join(top, filepath.FromSlash(p))); err != nil {
			t.Errorf("published path %s is not a file of the repository: %v", p, err)
		}
	}
}

// TestVerifyInASubdirectoryRootPublishesRepositoryPaths: a failed rerun
// in a package is reported relative to the package in json, and at its
// repository path in github and sarif; the control is the top.
func TestVerifyInASubdirectoryRootPublishesRepositoryPaths(t *testing.T) {
	t.Parallel()
	for _, prefix := range []string{"", "pkg/"} {
		t.Run("prefix "+prefix, func(t *testing.T) {
			t.Parallel()
			dir := vRepo(t, inPrefix(prefix, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating", [][2]string{{"V1", "exit 1"}}, nil)}))
			checkPublishedPaths(t, dir, prefix, "verify", "--root", filepath.Join(dir, prefix), "--out", filepath.Join(t.TempDir(), "r.json"))
		})
	}
}
