package github_test

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
)

// TestStickyCommentIsEditedOnlyWhenItsMeaningChanges: a rerun whose comment
// differs only in what the meaning digest leaves out (the run link) leaves
// the posted comment alone; a new digest edits it, and so does a body
// without one.
func TestStickyCommentIsEditedOnlyWhenItsMeaningChanges(t *testing.T) {
	a, fake, _ := setup(t)
	digest := func(c byte) string { return github.MeaningMarker + strings.Repeat(string(c), 64) + " -->\n" }
	first, _ := upsert(t, a, fake, "verdict A\n[run 1](https://example.test/runs/1)\n"+digest('a'))
	if _, res := upsert(t, a, fake, "verdict A\n[run 2](https://example.test/runs/2)\n"+digest('a')); res != github.StickyUnchanged {
		t.Errorf("only the run link changed: %s, want unchanged", res)
	}
	if n := len(fake.CallsTo("PATCH", commentRoute)); n != 0 {
		t.Errorf("same meaning made %d PATCH calls, want 0", n)
	}
	if c, res := upsert(t, a, fake, "verdict B\n[run 3](https://example.test/runs/3)\n"+digest('b')); res != github.StickyUpdated || c.ID != first.ID {
		t.Errorf("new meaning: %s on %d, want updated on %d", res, c.ID, first.ID)
	}
	if _, res := upsert(t, a, fake, "verdict B, no digest\n"); res != github.StickyUpdated {
		t.Errorf("a body without a digest is compared by bytes: %s", res)
	}
}

func TestMeaning(t *testing.T) {
	t.Parallel()
	good := strings.Repeat("0f", 32)
	for body, want := range map[string]string{
		"x\n" + github.MeaningMarker + good + " -->\n": good,
		"no marker":                      "",
		github.MeaningMarker + "abc -->": "",
		github.MeaningMarker + strings.Repeat("G", 64) + " -->": "",
		github.MeaningMarker + good:                             "",
	} {
		if got := github.Meaning(body); got != want {
			t.Errorf("Meaning(%q) = %q, want %q", body, got, want)
		}
	}
}
