package lint

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// TestOtherRootsStoriesAreFoundInTheWholeChange: run in the root top/
// (its globs the defaults), the change's story files of other roots are
// found wherever they are: beside the root, below it but outside its
// globs, created, modified or deleted (read at base), named STORY-* or
// declaring the schema. The root's own stories, notes that hold no
// story, and story-shaped files under testdata/ are not.
func TestOtherRootsStoriesAreFoundInTheWholeChange(t *testing.T) {
	story := testrepo.ContractStory("STORY-009", "generating", "true")
	r := testrepo.New(t)
	r.Write(map[string]string{"top/stories/STORY-001.md": story, "pkg-b/stories/STORY-002.md": story, "pkg-c/plans/deleted.md": story,
		"pkg-b/README.md": "notes\n", "top/sub/plans/modified.md": story, "top/src/a.go": "package a\n"})
	base := r.Commit("base")
	r.Remove("pkg-c/plans/deleted.md")
	r.Write(map[string]string{"top/stories/STORY-001.md": story + "edited\n", "pkg-b/stories/STORY-002.md": story + "edited\n",
		"pkg-b/README.md": "more notes\n", "top/sub/plans/modified.md": story + "edited\n", "pkg-d/STORY-003.md": "not even a story\n",
		"pkg-b/testdata/STORY-004.md": story, "top/src/a.go": "package a // changed\n"})
	r.Commit("head")
	ctx, err := newBaseContext(Options{Target: TargetOf(t, filepath.Join(r.Root, "top"), base, nil)})
	if err != nil {
		t.Fatal(err)
	}
	want := "pkg-b/stories/STORY-002.md,pkg-c/plans/deleted.md,pkg-d/STORY-003.md,top/sub/plans/modified.md"
	if got := strings.Join(ctx.others.Paths(), ","); got != want {
		t.Errorf("other roots' stories %s, want %s", got, want)
	}
	for p, want := range map[string]bool{"sub/plans/modified.md": true, "stories/STORY-001.md": false, "src/a.go": false} {
		if got := ctx.others.InRoot(p); got != want {
			t.Errorf("InRoot(%s) = %v, want %v", p, got, want)
		}
	}
}
