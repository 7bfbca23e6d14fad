package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

const adoptionNote = "This change adopts storygate"

// fakeDone turns the seeded story into one that claims to be done, with
// a Human Decision no one took.
func fakeDone(t *testing.T, root string) {
	t.Helper()
	p := filepath.Join(root, "stories", "STORY-001.md")
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.NewReplacer("state: seeded", "state: done", "active_role: planner", "active_role: none",
		"## Human Decisions\n", "## Human Decisions\n\n### Decision 1\n**Event:** mark_done\n**By:** @boss\n**At state:** evaluation_review\n**Rationale:** done\n").Replace(string(src))
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestAnAdoptionChangeIsJudgedAsOne runs `storygate init` on a Go
// repository and validates the change against the base: the honest
// adoption (only storygate's files and the seeded story) passes with the
// adoption note and the note of what its configuration will decide once
// merged; each neighbour that is not an adoption keeps its
// scope/out-of-scope errors on storygate's files: another file changed, a
// base already configured, a base that already has a story, a workflow
// that is not storygate's, and a seeded story rewritten to claim done with
// a decision no one took (judged, with its own errors as well).
func TestAnAdoptionChangeIsJudgedAsOne(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		base map[string]string
		// head edits the work tree after init, before the head commit.
		head     func(t *testing.T, r *testrepo.Repo)
		adoption bool
		// scope are the files scope/out-of-scope names; others the other
		// rules that must fire.
		scope  []string
		others []string
	}{
		{name: "honest adoption", adoption: true},
		{name: "adoption with a code change", head: func(t *testing.T, r *testrepo.Repo) {
			r.Write(map[string]string{"main.go": "package main\n\nfunc main() {}\n"})
		}, scope: []string{".github/storygate.yml", ".github/workflows/storygate.yml", ".github/workflows/storygate-publish.yml", "main.go"}},
		{name: "base already configured", base: map[string]string{".github/storygate.yml": "stories: [\"stories/**/*.md\"]\n"},
			scope: []string{".github/workflows/storygate.yml", ".github/workflows/storygate-publish.yml"}},
		{name: "base already has a story", base: map[string]string{"stories/STORY-001.md": testrepo.ContractStory("STORY-001", "seeded", "true")},
			head: func(t *testing.T, r *testrepo.Repo) {
				if code, _, errOut := run(t, "new", "--root", r.Root, "Second story"); code != ExitOK {
					t.Fatalf("new: exit %d: %s", code, errOut)
				}
			}, scope: []string{".github/storygate.yml", ".github/workflows/storygate.yml", ".github/workflows/storygate-publish.yml"}},
		{name: "a workflow that is not storygate's", head: func(t *testing.T, r *testrepo.Repo) {
			r.Write(map[string]string{".github/workflows/deploy.yml": "on: push\n"})
		}, scope: []string{".github/storygate.yml", ".github/workflows/storygate.yml", ".github/workflows/storygate-publish.yml", ".github/workflows/deploy.yml"}},
		{name: "seeded story claims done", head: func(t *testing.T, r *testrepo.Repo) { fakeDone(t, r.Root) },
			scope:  []string{".github/storygate.yml", ".github/workflows/storygate.yml", ".github/workflows/storygate-publish.yml"},
			others: []string{"transition/to-mismatch"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			repo := testrepo.New(t)
			repo.Write(map[string]string{"go.mod": "module example.com/demo\n\ngo 1.22\n"})
			repo.Write(tc.base)
			base := repo.Commit("base")
			if code, _, errOut := run(t, "init", "--root", repo.Root); code != ExitOK {
				t.Fatalf("init: exit %d: %s", code, errOut)
			}
			if tc.head != nil {
				tc.head(t, repo)
			}
			repo.Commit("adopt storygate")
			code, out, errOut := run(t, "validate", "--root", repo.Root, "--base", base)
			if got := strings.Contains(errOut, adoptionNote); got != tc.adoption {
				t.Errorf("adoption note %v, want %v:\n%s", got, tc.adoption, errOut)
			}
			var scoped []string
			for _, line := range strings.Split(out, "\n") {
				if strings.HasSuffix(line, "[scope/out-of-scope]") {
					scoped = append(scoped, strings.SplitN(line, ":", 2)[0])
				}
			}
			if strings.Join(scoped, ",") != strings.Join(slices.Sorted(slices.Values(tc.scope)), ",") {
				t.Errorf("scope/out-of-scope on %v, want %v:\n%s", scoped, tc.scope, out)
			}
			for _, rule := range tc.others {
				if !strings.Contains(out, "["+rule+"]") {
					t.Errorf("no %s:\n%s", rule, out)
				}
			}
			if want := ExitFindings; tc.adoption {
				if code != ExitOK || !strings.Contains(errOut, "Once merged, .github/storygate.yml applies: stories in \"stories/**/*.md\"") {
					t.Errorf("exit %d, want 0 and the note of what applies once merged:\n%s%s", code, out, errOut)
				}
			} else if code != want {
				t.Errorf("exit %d, want %d:\n%s", code, want, out)
			}
		})
	}
}
