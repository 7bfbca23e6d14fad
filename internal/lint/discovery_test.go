package lint_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/findings"
	goldenfile "github.com/storygate/storygate/internal/golden"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/testrepo"
)

var update = flag.Bool("update", false, "rewrite the golden .out files")

// TestDiscoveryGolden validates each repository under testdata/discovery
// (a tree, or base/ and head/ trees committed in turn and validated with
// --base) and compares the text output with <case>.out: legacy files and
// the specification's own text are one notice each, while a v1-shaped
// file without frontmatter, an execution story with the reserved id and
// a story that lost its frontmatter in the change stay errors.
func TestDiscoveryGolden(t *testing.T) {
	t.Parallel()
	dirs, err := filepath.Glob(filepath.Join("testdata", "discovery", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		if filepath.Ext(dir) == ".out" {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			got := validateTree(t, dir, config.Default())
			golden(t, dir+".out", got)
		})
	}
}

// TestDiscoveryNonStoryModes: off drops the notice, validate checks a
// legacy file as an execution story, with the findings that brings.
func TestDiscoveryNonStoryModes(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("testdata", "discovery", "legacy-beside-v1")
	for _, mode := range []string{config.NonStoryOff, config.NonStoryValidate} {
		cfg := config.Default()
		cfg.Discovery.NonStory = mode
		golden(t, filepath.Join("testdata", "discovery-modes", mode+".out"), validateTree(t, dir, cfg))
	}
}

func validateTree(t *testing.T, dir string, cfg *config.Config) string {
	t.Helper()
	opts := lint.Options{Slim: true}
	if _, err := os.Stat(filepath.Join(dir, "base")); err == nil {
		repo := testrepo.New(t)
		repo.CopyTree(filepath.Join(dir, "base"))
		base := repo.Commit("base")
		repo.CopyTree(filepath.Join(dir, "head"))
		repo.Commit("head")
		opts.Target = lint.TargetOf(t, repo.Root, base, cfg)
	} else {
		opts.Target = lint.TargetOf(t, dir, "", cfg)
	}
	res, err := lint.Run(opts)
	if err != nil {
		t.Fatalf("validate %s: %v", dir, err)
	}
	var buf bytes.Buffer
	if err := report.Print(&buf, "text", report.Document{Diagnostics: findings.New(findings.Options{Config: opts.Target.Policy()}).Run(res.Diagnostics).Judged, FilesChecked: res.Files}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	goldenfile.Check(t, path, got, *update)
}

// TestRootLinkedFromOutsideIsWalked: a root that is a link from outside
// any repository (the machine's, as a mounted workspace is) is walked at
// its target, with paths as found under the link; the same directory
// named through a link inside its repository is refused.
func TestRootLinkedFromOutsideIsWalked(t *testing.T) {
	t.Parallel()
	repo := testrepo.New(t)
	repo.Write(map[string]string{"pkg/stories/STORY-003.md": testrepo.DemoStory(t, "STORY-003.md")})
	link := filepath.Join(t.TempDir(), "mounted")
	if err := os.Symlink(filepath.Join(repo.Root, "pkg"), link); err != nil {
		t.Fatal(err)
	}
	res, err := lint.Run(lint.Options{Target: lint.TargetOf(t, link, "", nil)})
	if err != nil || res.Files != 1 || len(res.Diagnostics) == 0 || res.Diagnostics[0].File != "stories/STORY-003.md" {
		t.Fatalf("through an outside link: %v, %+v", err, res)
	}
	inside := filepath.Join(repo.Root, "alias")
	if err := os.Symlink("pkg", inside); err != nil {
		t.Fatal(err)
	}
	if _, err := target.Open(target.Options{Root: inside, Policy: config.Default()}); err == nil {
		t.Fatal("a root linked inside its repository was read")
	}
}

// TestStoriesLeaveOutNonStories: Result.Stories counts the files that are
// stories, not the legacy files discovery set apart (STORY-002 and
// STORY-003 of legacy-beside-v1); Files still counts every file checked.
// With discovery.non_story: validate the legacy files are stories.
func TestStoriesLeaveOutNonStories(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("testdata", "discovery", "legacy-beside-v1")
	for _, c := range []struct {
		mode           string
		files, stories int
	}{{config.NonStoryNotice, 5, 3}, {config.NonStoryOff, 5, 3}, {config.NonStoryValidate, 5, 5}} {
		cfg := config.Default()
		cfg.Discovery.NonStory = c.mode
		res, err := lint.Run(lint.Options{Target: lint.TargetOf(t, dir, "", cfg)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Files != c.files || res.Stories != c.stories {
			t.Errorf("non_story %s: %d files, %d stories; want %d, %d", c.mode, res.Files, res.Stories, c.files, c.stories)
		}
	}
}
