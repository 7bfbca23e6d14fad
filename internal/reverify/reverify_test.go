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
