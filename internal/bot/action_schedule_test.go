package bot

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// driftedStory is done, but its verification command now fails.
var driftedStory = testrepo.ContractStory("STORY-001", "done", `"false"`)

func TestActionScheduleReverifiesAndFailsOnDrift(t *testing.T) {
	t.Parallel()
	fake := githubtest.New(t)
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "stories"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "stories", "STORY-001.md"), []byte(driftedStory), 0o644); err != nil {
		t.Fatal(err)
	}
	summary := filepath.Join(t.TempDir(), "summary.md")
	env := fakeEnv{"GITHUB_API_URL": fake.URL, "GITHUB_TOKEN": fake.Token, "GITHUB_REPOSITORY": "o/r", "GITHUB_STEP_SUMMARY": summary,
		"RUNNER_TEMP": t.TempDir()}
	var out, errOut bytes.Buffer
	b := New(Deps{Env: env, GitHub: Credentials{Env: env}, Config: workTreeConfig{}, Stdout: &out, Stderr: &errOut})
	got := statusOf(b.Action(context.Background(), ActionOptions{Root: root, EventName: "schedule"}))
	if got != failed {
		t.Fatalf("got %s, want %s on drift; stderr:\n%s", got, failed, errOut.String())
	}
	if issues := fake.Issues("o/r"); len(issues) != 1 || !strings.Contains(issues[0].Title, "STORY-001") {
		t.Errorf("issues %+v, want one drift issue", issues)
	}
	if got, _ := os.ReadFile(summary); !strings.Contains(string(got), "1 of 1 accepted or done stories drifted") {
		t.Errorf("job summary:\n%s", got)
	}
}
