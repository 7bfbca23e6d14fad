package bot

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// monorepoHarness is a repository with three roots: its top and the
// packages pkg-a and pkg-b each hold STORY-001, done, at base, and the
// top's policy names its own stories only (as each root's policy is
// about its own files); the head
// adds pkg-a's STORY-002 (waiting) and STORY-003 (with errors), so pkg-a's
// gate fails while the top's and pkg-b's, which the change does not touch,
// do not. The unprivileged run's root is pkg (a prefix as newHarnessIn
// takes it).
func monorepoHarness(t *testing.T, pkg string) *harness {
	h := newHarnessIn(t, pkg)
	h.repo = testrepo.New(t) // newHarnessIn's stories are in one root
	h.env["GITHUB_WORKSPACE"] = h.repo.Root
	h.repo.Write(map[string]string{"stories/STORY-001.md": doneDemoStory(t), "pkg-a/stories/STORY-001.md": doneDemoStory(t),
		"pkg-b/stories/STORY-001.md": doneDemoStory(t), ".github/storygate.yml": "stories: [\"stories/*.md\"]\n"})
	h.base = h.repo.Commit("three roots")
	h.repo.Write(map[string]string{"pkg-a/stories/STORY-002.md": demoFile(t, "STORY-002.md"), "pkg-a/stories/STORY-003.md": demoFile(t, "STORY-003.md")})
	h.head = h.repo.Commit("pkg-a's STORY-002 and STORY-003")
	return h
}

// publishIn runs publish with --root the directory pkg (a prefix, "" for
// the top) of the trusted checkout.
func (h *harness) publishIn(pkg string) status {
	opts := PublishOptions{Results: h.results, Root: filepath.Join(h.repo.Root, pkg)}
	return statusOf(Passed, h.bot().Publish(context.Background(), opts))
}

// forgeStoriesPassed rewrites the document's stories gate to success, as
// code in the unprivileged run can.
func forgeStoriesPassed(t *testing.T, h *harness) {
	t.Helper()
	rewrite(t, h, func(res *gate.Results) {
		for i := range res.Gates {
			if res.Gates[i].Name == gate.Stories {
				res.Gates[i].Conclusion, res.Gates[i].Title, res.Gates[i].Diagnostics = gate.Success, "all good", []diag.Diagnostic{}
			}
		}
	})
}

// TestPublishRecomputesInThePackageRoot: the gate runs in pkg-a and its
// document is rewritten to say the stories passed; publish with the same
// root recomputes pkg-a's stories from the head read as data and posts
// their failure, annotated at repository paths, with the verify and
// revert rows taken from the document matched to pkg-a's stories. Judged
// at the top, where nothing failed, the forgery would have passed. The
// control is the same pair at the repository's top.
func TestPublishRecomputesInThePackageRoot(t *testing.T) {
	t.Parallel()
	for pkg, harnessFor := range map[string]func(*testing.T) *harness{
		"pkg-a/": func(t *testing.T) *harness { return monorepoHarness(t, "pkg-a/") },
		"":       newHarness,
	} {
		t.Run("root "+pkg, func(t *testing.T) {
			h := harnessFor(t)
			reportOnlyHalf(t, h)
			forgeStoriesPassed(t, h)
			publishHalf(t, h, h.head)
			if code := h.publishIn(pkg); code != passed {
				t.Fatalf("publish got %s\n%s", code, h.stderr.String())
			}
			stories := gate.Identity{Gate: gate.Stories, Root: strings.TrimSuffix(pkg, "/")}.CheckName()
			if got := h.checkRuns()[stories]; got != "failure" {
				t.Errorf("stories published as %q, want the recomputed failure", got)
			}
			paths := h.annotationPaths(t)
			for _, p := range paths {
				if !strings.HasPrefix(p, pkg+"stories/") {
					t.Errorf("annotation at %q, want a repository path in %q", p, pkg)
				}
			}
			comments := h.fake.Comments(prRepo, prNumber)
			if len(comments) != 1 || !strings.HasPrefix(comments[0].Body, gate.StickyMarker(strings.TrimSuffix(pkg, "/"))+"\n") {
				t.Fatalf("want one comment with the root's marker, got %d: %+v", len(comments), comments)
			}
			if rows, marked := takenRows(comments[0].Body); rows == 0 || marked != rows {
				t.Errorf("%d of %d rows taken from the document, want all and some:\n%s", marked, rows, comments[0].Body)
			}
		})
	}
}

// TestPublishRefusesADocumentOfAnotherRoot: publish's root is the
// workflow's, never the document's. A document claiming another root, one
// from pkg-b published with --root pkg-a, and one without a root (a run at
// the top) published for a package are refused before anything is posted
// (exit 2); each control publishes the same document with its own root.
func TestPublishRefusesADocumentOfAnotherRoot(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, made, claimed, published string
	}{
		{"the document claims another root", "pkg-a/", "pkg-b", "pkg-a/"},
		{"the document claims to be from the top", "pkg-a/", "", "pkg-a/"},
		{"a document from pkg-b for pkg-a", "pkg-b/", "pkg-b", "pkg-a/"},
		{"a document from the top for a package", "", "", "pkg-a/"},
		{"a document from a package for the top", "pkg-a/", "pkg-a", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := monorepoHarness(t, tt.made)
			h.env["GITHUB_RUN_ID"] = uploadingRun
			h.event("pull_request", "pull_request.opened", forkPullRequest)
			if code := h.action(); code == usageFailure || code == internalError {
				t.Fatalf("report-only got %s\n%s", code, h.stderr.String())
			}
			rewrite(t, h, func(res *gate.Results) { res.Root = tt.claimed })
			publishHalf(t, h, h.head)
			code := h.publishIn(tt.published)
			if code != usageFailure || len(h.fake.CheckRuns()) != 0 || len(h.fake.Comments(prRepo, prNumber)) != 0 ||
				!strings.Contains(h.stderr.String(), "refusing to publish") || !strings.Contains(h.stderr.String(), "pass both halves the same root") {
				t.Errorf("got %s, %d check runs:\n%s", code, len(h.fake.CheckRuns()), h.stderr.String())
			}
			if tt.claimed != strings.TrimSuffix(tt.made, "/") {
				return // a document lying about its root has no root of its own to publish with
			}
			if code := h.publishIn(tt.made); code != passed || len(h.fake.CheckRuns()) == 0 {
				t.Errorf("control: publish with the document's own root %q got %s\n%s", tt.made, code, h.stderr.String())
			}
		})
	}
}

// TestPublishRefusesAPackageTheHeadLinksAway: the pull request turns
// pkg-a into a symlink to pkg-b, whose stories pass, or deletes it, and
// forges a document for pkg-a. The trusted checkout's pkg-a is a
// directory, but the head's is not: publish refuses it (exit 2, nothing
// posted) rather than judge pkg-b's stories, or none, as pkg-a's. The
// control publishes pkg-a's honest document of a head that keeps the
// directory.
func TestPublishRefusesAPackageTheHeadLinksAway(t *testing.T) {
	t.Parallel()
	t.Run("control", func(t *testing.T) {
		h := monorepoHarness(t, "pkg-a/")
		reportOnlyHalf(t, h)
		publishHalf(t, h, h.head)
		if code := h.publishIn("pkg-a/"); code != passed || h.checkRuns()["storygate / stories (pkg-a)"] != "failure" {
			t.Errorf("got %s, check runs %v\n%s", code, h.checkRuns(), h.stderr.String())
		}
	})
	for name, want := range map[string]string{"linked to pkg-b": "symlink", "deleted": "has no directory pkg-a"} {
		t.Run(name, func(t *testing.T) { publishAPackageTheHeadTakesAway(t, name == "linked to pkg-b", want) })
	}
}

func publishAPackageTheHeadTakesAway(t *testing.T, link bool, want string) {
	h := monorepoHarness(t, "pkg-b/")
	pkgA := filepath.Join(h.repo.Root, "pkg-a")
	saved, err := os.ReadFile(filepath.Join(pkgA, "stories", "STORY-001.md"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(pkgA); err != nil {
		t.Fatal(err)
	}
	h.head = h.repo.Commit("pkg-a removed") // go-git cannot stage a link where its index has a directory
	if link {
		if err := os.Symlink("pkg-b", pkgA); err != nil {
			t.Fatal(err)
		}
		h.head = h.repo.Commit("pkg-a is pkg-b now")
	}
	reportOnlyIn(t, h)
	rewrite(t, h, func(res *gate.Results) { res.Root = "pkg-a" })
	// The trusted checkout is the default branch, where pkg-a is a directory.
	if err := os.RemoveAll(pkgA); err != nil {
		t.Fatal(err)
	}
	h.repo.Write(map[string]string{"pkg-a/stories/STORY-001.md": string(saved)})
	publishHalf(t, h, h.head)
	if code := h.publishIn("pkg-a/"); code != usageFailure || len(h.fake.CheckRuns()) != 0 || !strings.Contains(h.stderr.String(), want) {
		t.Errorf("got %s, %d check runs, want a refusal saying %q:\n%s", code, len(h.fake.CheckRuns()), want, h.stderr.String())
	}
}

// TestPublishRefusesARootThroughALink: publish's root is checked as the
// gate's is; a root named through a symlink inside the trusted checkout,
// or one the checkout does not hold, is refused before GitHub is asked
// anything.
func TestPublishRefusesARootThroughALink(t *testing.T) {
	h := monorepoHarness(t, "pkg-a/")
	reportOnlyHalf(t, h)
	if err := os.Symlink("pkg-a", filepath.Join(h.repo.Root, "alias")); err != nil {
		t.Fatal(err)
	}
	publishHalf(t, h, h.head)
	for root, want := range map[string]string{"alias/": "symlink", "pkg-c/": "not a directory of the trusted checkout"} {
		if code := h.publishIn(root); code != usageFailure || len(h.fake.Calls()) != 0 || !strings.Contains(h.stderr.String(), want) {
			t.Errorf("--root %s: got %s, %d calls, want %q:\n%s", root, code, len(h.fake.Calls()), want, h.stderr.String())
		}
	}
	if code := h.publishIn("pkg-a/"); code != passed {
		t.Errorf("control: got %s\n%s", code, h.stderr.String())
	}
}

// reportOnlyIn runs the unprivileged half in the harness's root as the
// run the recorded workflow_run event names, whatever it concludes.
func reportOnlyIn(t *testing.T, h *harness) {
	t.Helper()
	h.env["GITHUB_RUN_ID"] = uploadingRun
	h.event("pull_request", "pull_request.opened", forkPullRequest)
	if code := h.action(); code == usageFailure || code == internalError {
		t.Fatalf("report-only got %s\n%s", code, h.stderr.String())
	}
}
