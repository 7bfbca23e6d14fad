package reverify

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/testrepo"
)

func writeStory(t *testing.T, root, id, state, cmd string) {
	t.Helper()
	src := testrepo.ContractStory(id, state, cmd)
	p := filepath.Join(root, "stories", id+".md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDriftOpensOneIssueAcrossRunsAndClosesItWhenFixed(t *testing.T) {
	fake := githubtest.New(t)
	client := fake.Adapter()
	root := t.TempDir()
	writeStory(t, root, "STORY-001", "done", "test -f ok.txt")
	writeStory(t, root, "STORY-002", "planning", "false")
	writeStory(t, root, "STORY-003", "accepted", "true")
	var summary bytes.Buffer
	opts := Options{Target: defaultsAt(t, root), Repo: github.Repo{Owner: "o", Name: "r"}, Issues: client, Summary: &summary}
	run := func() Report {
		t.Helper()
		rep, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	for i := 1; i <= 2; i++ {
		if rep := run(); rep.Drifted() != 1 || len(rep.Stories) != 2 {
			t.Fatalf("run %d: %d drifted of %d checked, want 1 of 2 (planning stories are not re-verified)", i, rep.Drifted(), len(rep.Stories))
		}
		issues := fake.Issues("o/r")
		if len(issues) != 1 || issues[0].State != "open" || !strings.Contains(issues[0].Body, Marker("STORY-001")) {
			t.Fatalf("run %d: issues %+v, want exactly one open drift issue for STORY-001", i, issues)
		}
	}
	if !strings.Contains(summary.String(), "| STORY-001 | done | 0/1 passed | ❌ drifted | #1 (unchanged) |") {
		t.Errorf("second summary lacks the unchanged drift issue:\n%s", summary.String())
	}
	if err := os.WriteFile(filepath.Join(root, "ok.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if rep := run(); rep.Drifted() != 0 {
		t.Fatalf("fixed story still drifts: %+v", rep.Stories)
	}
	if issues := fake.Issues("o/r"); len(issues) != 1 || issues[0].State != "closed" {
		t.Errorf("issues after the fix %+v, want the one issue closed", issues)
	}
}

func TestDriftAgainReopensTheClosedIssue(t *testing.T) {
	fake := githubtest.New(t)
	client := fake.Adapter()
	fake.AddIssue("o/r", githubtest.Issue{Title: "old", Body: Marker("STORY-001") + "\nfixed", State: "closed"})
	root := t.TempDir()
	writeStory(t, root, "STORY-001", "done", "false")
	rep, err := Run(context.Background(), Options{Target: defaultsAt(t, root), Repo: github.Repo{Owner: "o", Name: "r"}, Issues: client})
	if err != nil {
		t.Fatal(err)
	}
	if issues := fake.Issues("o/r"); len(issues) != 1 || issues[0].State != "open" || rep.Stories[0].IssueAction != "reopened" {
		t.Errorf("issues %+v, action %q: want the closed issue reopened, not a second one", issues, rep.Stories[0].IssueAction)
	}
}

// defaultsAt is the target of a re-verification in root (no repository,
// so no sandbox clone) judged by the defaults.
func defaultsAt(t *testing.T, root string) *target.Target {
	t.Helper()
	tg, err := target.Open(target.Options{Root: root, Policy: config.Default()})
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// TestIssuesStorygateDidNotOpenAreNoDriftIssues: an issue another account
// opened with a story's drift marker (or storygate's marker quoted further
// down an issue) is no drift issue of storygate's: for a drifted story
// storygate opens its own and leaves the look-alike alone, and for a
// passing one it closes nothing. The control: storygate's own open issue
// for a passing story is closed.
func TestIssuesStorygateDidNotOpenAreNoDriftIssues(t *testing.T) {
	agent := githubtest.User{Login: "coding-agent", Type: "User"}
	for _, c := range []struct {
		name, command   string
		impostor        githubtest.Issue
		wantOpen, total int
		untouched       bool
	}{
		{"another account's marker, drifted", "false", githubtest.Issue{Title: "fixed", Body: Marker("STORY-001") + "\nall good", Author: agent}, 2, 2, true},
		{"another account's marker, passing", "true", githubtest.Issue{Title: "keep", Body: Marker("STORY-001") + "\nkeep me open", Author: agent}, 1, 1, true},
		{"storygate's marker quoted further down, passing", "true", githubtest.Issue{Title: "quote", Body: "see\n" + Marker("STORY-001")}, 1, 1, true},
		{"storygate's own issue, passing (control)", "true", githubtest.Issue{Title: "drift", Body: Marker("STORY-001") + "\ndrifted"}, 0, 1, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			fake := githubtest.New(t)
			fake.AddIssue("o/r", c.impostor)
			issues := reverifyStory(t, fake, c.command)
			open := 0
			for _, is := range issues {
				if is.State == "open" {
					open++
				}
			}
			if len(issues) != c.total || open != c.wantOpen || (c.untouched && issues[0].Body != c.impostor.Body) {
				t.Errorf("issues %+v: want %d in all, %d open, the look-alike untouched", issues, c.total, c.wantOpen)
			}
		})
	}
}

// TestDuplicateDriftIssuesAreClosed: a story with two open drift issues
// of storygate's (a create GitHub applied twice) keeps the oldest, which
// the run updates, and closes the other as its duplicate, whose body no
// longer starts with the marker; with a passing story both end closed.
// The control has one open issue, which is left as it is.
func TestDuplicateDriftIssuesAreClosed(t *testing.T) {
	for _, tc := range []struct {
		name       string
		cmd        string
		duplicates int
		wantOpen   int
	}{
		{"control: one issue, drifted", "false", 0, 1},
		{"two issues, drifted", "false", 1, 1},
		{"three issues, drifted", "false", 2, 1},
		{"two issues, passing again", "true", 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := githubtest.New(t)
			for range tc.duplicates + 1 {
				fake.AddIssue("o/r", githubtest.Issue{Title: "drift", Body: Marker("STORY-001") + "\nold"})
			}
			issues := reverifyStory(t, fake, tc.cmd)
			open := 0
			for _, is := range issues {
				if is.State == "open" {
					open++
					if is.Number != 1 {
						t.Errorf("issue #%d is open; want only the oldest, #1", is.Number)
					}
				}
				if is.Number > 1 && (is.State != "closed" || !strings.HasPrefix(is.Body, "Duplicate of #1: ")) {
					t.Errorf("duplicate %+v, want closed as a duplicate of #1", is)
				}
			}
			if open != tc.wantOpen || len(issues) != tc.duplicates+1 {
				t.Errorf("%d issues, %d open; want %d, %d open", len(issues), open, tc.duplicates+1, tc.wantOpen)
			}
		})
	}
}

// reverifyStory re-verifies STORY-001 (done) whose verification runs
// command, with the fake's issues, and returns the issues it leaves.
func reverifyStory(t *testing.T, fake *githubtest.Server, command string) []githubtest.Issue {
	t.Helper()
	root := t.TempDir()
	writeStory(t, root, "STORY-001", "done", command)
	if _, err := Run(context.Background(), Options{Target: defaultsAt(t, root), Repo: github.Repo{Owner: "o", Name: "r"}, Issues: fake.Adapter()}); err != nil {
		t.Fatal(err)
	}
	return fake.Issues("o/r")
}
