package collect

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestEveryGatesFindingsPassThePipelineOnce: in a package root, the
// findings of the stories, stages and records gates, judged and set
// apart, come out of the run's one pipeline placed once (pkg/…, never
// pkg/pkg/…), in order, within the document's bounds; only the stories
// gate sets findings apart.
func TestEveryGatesFindingsPassThePipelineOnce(t *testing.T) {
	t.Parallel()
	cfg := stagesAndRecordsConfig()
	repo := testrepo.New(t)
	repo.Write(map[string]string{"pkg/stories/STORY-003.md": demoStory(t, "STORY-003.md"), "pkg/stories/STORY-001.md": demoStory(t, "STORY-001.md")})
	base := repo.Commit("base")
	repo.Write(map[string]string{
		"pkg/stories/STORY-001.md":          demoStory(t, "STORY-001.md") + "\n<!-- touched -->\n",
		"pkg/stories/STORY-009.md":          "---\nschema: enso.story/v1\nid: STORY-009\n---\n\x1b[31m# broken\n",
		"pkg/stages/inception/broken.md":    "---\nslug: broken\nphase: nowhere\n---\n# Broken\n",
		"pkg/records/step.json":             "{}\n",
		"pkg/records/another-step.json":     "{\"x\": 1}\n",
		"pkg/stages/construction/broken.md": "---\nphase: construction\n---\n",
	})
	repo.Commit("head")
	res := runGateWith(t, filepath.Join(repo.Root, "pkg"), base, cfg, Options{})
	for _, n := range []gate.Name{gate.Stories, gate.Stages, gate.Records} {
		g, ok := res.Gate(n)
		if !ok || len(g.Diagnostics) < 2 {
			t.Fatalf("%s: %+v (present %v); the test needs findings to order", n, g, ok)
		}
		if n == gate.Stories && len(g.Untouched) == 0 {
			t.Errorf("stories: nothing set apart on the untouched STORY-003")
		}
		if n != gate.Stories && len(g.Untouched) != 0 {
			t.Errorf("%s set findings apart: %v", n, g.Untouched)
		}
		for _, ds := range [][]diag.Diagnostic{g.Diagnostics, g.Untouched} {
			if !slices.IsSortedFunc(ds, func(a, b diag.Diagnostic) int { return compare(a, b) }) {
				t.Errorf("%s: findings out of order: %v", n, ds)
			}
			for _, d := range ds {
				if !strings.HasPrefix(d.File, "pkg/") || strings.HasPrefix(d.File, "pkg/pkg/") {
					t.Errorf("%s: finding at %s, not placed once in the repository", n, d.File)
				}
				if strings.Contains(d.Message, "\x1b") || d.Line < 1 || d.Column < 1 {
					t.Errorf("%s: finding not cleaned: %+v", n, d)
				}
			}
		}
	}
}

func compare(a, b diag.Diagnostic) int {
	switch {
	case diag.Less(a, b):
		return -1
	case diag.Less(b, a):
		return 1
	}
	return 0
}
