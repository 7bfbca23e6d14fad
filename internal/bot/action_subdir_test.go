package bot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// packageHarness is newHarness with its stories, policy and governed
// tests in the package prefix ("" for the top, "pkg/" for a package of a
// monorepo): STORY-001 done at base; STORY-002 (waiting), STORY-003 (with
// errors), an edit to a governed file the suite needs and a created
// governed file in the head.
func packageHarness(t *testing.T, prefix string) *harness {
	h := newHarness(t)
	h.repo = testrepo.New(t) // newHarness's stories are at the top; these are the package's
	h.env["GITHUB_WORKSPACE"] = h.repo.Root
	in := func(files map[string]string) map[string]string {
		out := map[string]string{}
		for p, s := range files {
			out[prefix+p] = s
		}
		return out
	}
	h.repo.Write(in(map[string]string{"stories/STORY-001.md": demoFile(t, "STORY-001.md"),
		".github/storygate.yml": "revert:\n  suite: grep -q fixed tests/expected.txt\n", "tests/expected.txt": "old\n"}))
	h.base = h.repo.Commit("package base")
	h.repo.Write(in(map[string]string{"stories/STORY-002.md": demoFile(t, "STORY-002.md"), "stories/STORY-003.md": demoFile(t, "STORY-003.md"),
		"tests/expected.txt": "fixed\n", "tests/new.txt": "created\n"}))
	h.head = h.repo.Commit("package head")
	return h
}

// TestActionInASubdirectoryRootPublishesRepositoryPaths runs the PR gate
// with the root a package of its repository. Inside the run the findings
// are relative to the package; everything GitHub resolves against the
// repository names repository paths, each exactly once: the check runs'
// annotations (the revert check's among them), the comment's links to
// the head commit, the SARIF file and the report-only workflow commands.
// Each path published is a file of the head commit's tree. The control
// is the same project at the top of its repository.
func TestActionInASubdirectoryRootPublishesRepositoryPaths(t *testing.T) {
	t.Parallel()
	for _, prefix := range []string{"", "pkg/"} {
		t.Run("prefix "+prefix, func(t *testing.T) {
			h := packageHarness(t, prefix)
			h.event("pull_request", "pull_request.opened")
			root := func(o *ActionOptions) { o.Root = filepath.Join(h.repo.Root, prefix) }
			if code := h.action(root); code != failed {
				t.Fatalf("got %s, want 1 (STORY-003 has errors)\n%s", code, h.stderr.String())
			}
			published := h.annotationPaths(t)
			wantRevert := prefix + "tests/new.txt"
			if !slices.Contains(published, wantRevert) || !slices.Contains(published, prefix+"stories/STORY-003.md") {
				t.Errorf("annotations on %v, want %s and %sstories/STORY-003.md among them", published, wantRevert, prefix)
			}
			if res := h.document(); res.Root != strings.TrimSuffix(prefix, "/") {
				t.Errorf("document root %q", res.Root)
			}
			published = append(published, h.commentLinks(t)...)
			published = append(published, h.sarifPaths(t)...)
			h.action(root, func(o *ActionOptions) { o.ReportOnly = "true" })
			commands := regexp.MustCompile(`::(?:error|warning|notice) file=([^,]+),`).FindAllStringSubmatch(h.stdout.String(), -1)
			if len(commands) == 0 {
				t.Fatalf("report-only wrote no workflow commands:\n%s", h.stdout.String())
			}
			for _, m := range commands {
				published = append(published, m[1])
			}
			for _, p := range published {
				if info, err := os.Stat(filepath.Join(h.repo.Root, filepath.FromSlash(p))); err != nil || info.IsDir() || !strings.HasPrefix(p, prefix) {
					t.Errorf("published path %q is not a file of the repository under %q", p, prefix)
				}
			}
		})
	}
}

// annotationPaths lists the paths of every check run's annotations.
func (h *harness) annotationPaths(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, r := range h.fake.CheckRuns() {
		for _, a := range r.Annotations {
			out = append(out, a.Path)
		}
	}
	if len(out) == 0 {
		t.Fatal("no annotations were published")
	}
	return out
}

// commentLinks lists the files the sticky comment links at the head commit.
func (h *harness) commentLinks(t *testing.T) []string {
	t.Helper()
	comments := h.fake.Comments(prRepo, prNumber)
	if len(comments) != 1 {
		t.Fatalf("want one sticky comment, got %d", len(comments))
	}
	links := regexp.MustCompile(`/blob/`+h.head+`/([^)#]+)`).FindAllStringSubmatch(comments[0].Body, -1)
	if len(links) == 0 {
		t.Fatalf("the comment links no file:\n%s", comments[0].Body)
	}
	var out []string
	for _, m := range links {
		out = append(out, m[1])
	}
	return out
}

// sarifPaths lists the artifact locations of the SARIF file written next
// to the results document.
func (h *harness) sarifPaths(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile(strings.TrimSuffix(h.results, ".json") + ".sarif")
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(raw, &log); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range log.Runs {
		for _, res := range r.Results {
			for _, l := range res.Locations {
				out = append(out, l.PhysicalLocation.ArtifactLocation.URI)
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("the SARIF file has no results")
	}
	return out
}
