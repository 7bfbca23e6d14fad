package lint

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/testrepo"
)

// contractFixture is the freeze/contract-changed fixture's story: at base
// (generating, so frozen), and at head as its ok case (an iteration added,
// the contract untouched) and its bad case (a criterion and the goal
// rewritten without a reopen).
func contractFixture(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "rules", "testdata", "freeze", "contract-changed", filepath.FromSlash(name), "stories", "STORY-001.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// symlink makes name, in the work tree, a link to target.
func symlink(t *testing.T, r *testrepo.Repo, target, name string) {
	t.Helper()
	p := filepath.Join(r.Root, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		t.Skipf("symlinks unsupported: %v", err)
	}
}

// TestSymlinkedStoryBaseIsReadThroughTheLink: the story file
// stories/STORY-001.md is a link to contracts/story-one.md (which the
// story globs do not find), at the repository's top and in a package.
// The change edits the target only. Read through the link at base as at
// head, the frozen contract's rewritten criterion is
// freeze/contract-changed (before, the base was the link's own blob, no
// story, and the story passed for a new one); the control, an iteration
// added with the contract as it was, has no such finding and its grant is
// the frozen scope. A base link leading out of the root is read as no
// story and grants nothing.
func TestSymlinkedStoryBaseIsReadThroughTheLink(t *testing.T) {
	for _, pkg := range []string{"", "pkg/"} {
		for _, c := range []struct {
			name, head, baseLink string
			frozen, granted      bool
		}{
			{"contract rewritten in the target", "bad/head", "../contracts/story-one.md", true, true},
			{"contract unchanged", "ok/head", "../contracts/story-one.md", false, true},
			{"base link out of the root", "ok/head", "../../outside/story-one.md", false, false},
		} {
			t.Run(pkg+c.name, func(t *testing.T) {
				t.Parallel()
				r := testrepo.New(t)
				r.Write(map[string]string{pkg + "contracts/story-one.md": contractFixture(t, "ok/base"), "outside/story-one.md": contractFixture(t, "ok/base"),
					pkg + "path/to/file": "v1\n"})
				symlink(t, r, c.baseLink, pkg+"stories/STORY-001.md")
				base := r.Commit("base: the story is a link")
				r.Remove(pkg + "stories/STORY-001.md")
				symlink(t, r, "../contracts/story-one.md", pkg+"stories/STORY-001.md")
				r.Write(map[string]string{pkg + "contracts/story-one.md": contractFixture(t, c.head), pkg + "path/to/file": "v2\n"})
				r.Commit("head: the target edited")
				res, err := Run(Options{Target: TargetOf(t, filepath.Join(r.Root, pkg), base, nil)})
				if err != nil {
					t.Fatal(err)
				}
				frozen := 0
				for _, d := range findings.New(findings.Options{Config: config.Default()}).Run(res.Diagnostics).Judged {
					if d.Rule == "freeze/contract-changed" && d.File == "stories/STORY-001.md" {
						frozen++
					}
				}
				if (frozen > 0) != c.frozen {
					t.Errorf("%d freeze/contract-changed findings on the linked story, want them %v: %v", frozen, c.frozen, res.Diagnostics)
				}
				if got := res.Change.Grants().Covers("path/to/file"); got != c.granted {
					t.Errorf("path/to/file granted %v, want %v (grants %+v)", got, c.granted, res.Change.Grants())
				}
			})
		}
	}
}
