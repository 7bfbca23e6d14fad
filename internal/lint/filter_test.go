package lint

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/testrepo"
)

func demo(t *testing.T, name string) string { return testrepo.DemoStory(t, name) }

// runFiltered validates the repository against base in the filter mode
// and passes the findings through the pipeline a validate run composes.
func runFiltered(t *testing.T, repo *testrepo.Repo, base string, filter config.FilterMode) findings.Set {
	t.Helper()
	cfg := config.Default()
	res, err := Run(Options{Target: TargetOf(t, repo.Root, base, cfg), Filter: filter})
	if err != nil {
		t.Fatal(err)
	}
	return findings.New(findings.Options{Config: cfg, Filter: filter, SetApart: res.SetApart}).Run(res.Diagnostics)
}

// files lists the files findings are on, once each, in order.
func files(ds []diag.Diagnostic) string {
	var out []string
	for _, d := range ds {
		if len(out) == 0 || out[len(out)-1] != d.File {
			out = append(out, d.File)
		}
	}
	return strings.Join(out, " ")
}

// TestFilterChangedSetsUntouchedStoriesApart: a broken story the change did
// not touch is reported apart in the changed mode and judged in the all
// mode; moving, editing or deleting it makes it part of the change.
func TestFilterChangedSetsUntouchedStoriesApart(t *testing.T) {
	t.Parallel()
	broken, clean, pending := demo(t, "STORY-003.md"), demo(t, "STORY-001.md"), demo(t, "STORY-002.md")
	both := "stories/STORY-002.md stories/STORY-003.md"
	cases := []struct {
		name          string
		head          func(r *testrepo.Repo)
		filter        config.FilterMode
		judged, apart string
	}{
		{"untouched broken and pending stories", func(r *testrepo.Repo) {}, config.FilterChanged, "", both},
		{"filter all judges them", func(r *testrepo.Repo) {}, config.FilterAll, both, ""},
		{"no filter judges them", func(r *testrepo.Repo) {}, "", both, ""},
		{"edited", func(r *testrepo.Repo) {
			r.Write(map[string]string{"stories/STORY-003.md": broken + "\n"})
		}, config.FilterChanged, "stories/STORY-003.md", "stories/STORY-002.md"},
		{"moved", func(r *testrepo.Repo) {
			r.Remove("stories/STORY-003.md")
			r.Write(map[string]string{"stories/old/STORY-003.md": broken})
		}, config.FilterChanged, "stories/old/STORY-003.md", "stories/STORY-002.md"},
		{"edited in the work tree only", func(r *testrepo.Repo) {
			r.Write(map[string]string{"stories/STORY-003.md": broken + "\n"})
		}, config.FilterChanged, "stories/STORY-003.md", "stories/STORY-002.md"},
		// STORY-001 names STORY-002 among its dependents: deleting STORY-002
		// breaks the untouched STORY-001 from the outside, which is judged.
		{"broken from the outside by a deletion", func(r *testrepo.Repo) {
			r.Write(map[string]string{"stories/STORY-001.md": clean})
			r.Remove("stories/STORY-002.md")
		}, config.FilterChanged, "stories/STORY-001.md stories/STORY-002.md", "stories/STORY-003.md"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			repo := testrepo.New(t)
			repo.Write(map[string]string{"stories/STORY-001.md": clean, "stories/STORY-002.md": pending, "stories/STORY-003.md": broken})
			base := repo.Commit("base")
			repo.Write(map[string]string{"stories/STORY-001.md": clean + "\n<!-- touched -->\n"})
			c.head(repo)
			if c.name != "edited in the work tree only" {
				repo.Commit("head")
			}
			res := runFiltered(t, repo, base, c.filter)
			if got := files(res.Judged); got != c.judged {
				t.Errorf("judged findings on %q, want %q: %v", got, c.judged, res.Judged)
			}
			if got := files(res.Untouched); got != c.apart {
				t.Errorf("untouched findings on %q, want %q: %v", got, c.apart, res.Untouched)
			}
		})
	}
}

// TestFilterKeepsSetFindingsThatWereThereAtBase: a set rule's finding on
// an untouched story counts as untouched only when the base's stories
// already gave it (here STORY-001 names a STORY-002 that never existed).
func TestFilterKeepsSetFindingsThatWereThereAtBase(t *testing.T) {
	t.Parallel()
	repo := testrepo.New(t)
	repo.Write(map[string]string{"stories/STORY-001.md": demo(t, "STORY-001.md"), "stories/STORY-003.md": demo(t, "STORY-003.md")})
	base := repo.Commit("base")
	repo.Write(map[string]string{"stories/STORY-003.md": demo(t, "STORY-003.md") + "\n"})
	repo.Commit("head")
	res := runFiltered(t, repo, base, config.FilterChanged)
	if got := rulesOf(res.Untouched); got != "delegation/unknown-dependency" {
		t.Errorf("untouched = %v, want the pre-existing delegation/unknown-dependency", res.Untouched)
	}
	if got := files(res.Judged); got != "stories/STORY-003.md" {
		t.Errorf("judged findings on %q: %v", got, res.Judged)
	}
}

// TestFilterOnARealRepositoryShape: the spec author's repository shape
// (the specification's STORY-000 text, legacy files beside v1 stories, a
// prose pass_when, backticked scope items) where the change creates one
// story: only that story's finding is judged; the notices on the files it
// did not touch and the old story's warning are set apart.
func TestFilterOnARealRepositoryShape(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("testdata", "discovery", "real-repo-shapes")
	repo := testrepo.New(t)
	repo.CopyTree(filepath.Join(dir, "base"))
	base := repo.Commit("base")
	repo.CopyTree(filepath.Join(dir, "head"))
	repo.Commit("head")
	res := runFiltered(t, repo, base, config.FilterChanged)
	if got := files(res.Judged); got != "stories/STORY-006.md" {
		t.Errorf("judged findings on %q, want only the created story: %v", got, res.Judged)
	}
	if got := files(res.Untouched); got != "docs/stories/STORY-000.md stories/STORY-002.md stories/STORY-003.md stories/STORY-005.md" {
		t.Errorf("untouched findings on %q: %v", got, res.Untouched)
	}
}
