package cli

import (
	"bytes"
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
	fake := githubtest.New(t)
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "stories"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "stories", "STORY-001.md"), []byte(driftedStory), 0o644); err != nil {
		t.Fatal(err)
	}
	summary := filepath.Join(t.TempDir(), "summary.md")
	for k, v := range map[string]string{"GITHUB_API_URL": fake.URL, "GITHUB_TOKEN": fake.Token, "GITHUB_REPOSITORY": "o/r",
		"GITHUB_EVENT_NAME": "schedule", "GITHUB_STEP_SUMMARY": summary, "GITHUB_EVENT_PATH": ""} {
		t.Setenv(k, v)
	}
	var out, errOut bytes.Buffer
	code := Main([]string{"storygate", "action", "--root", root}, strings.NewReader(""), &out, &errOut)
	if code != ExitFindings {
		t.Fatalf("exit %d, want %d on drift; stderr:\n%s", code, ExitFindings, errOut.String())
	}
	if issues := fake.Issues("o/r"); len(issues) != 1 || !strings.Contains(issues[0].Title, "STORY-001") {
		t.Errorf("issues %+v, want one drift issue", issues)
	}
	if got, _ := os.ReadFile(summary); !strings.Contains(string(got), "1 of 1 accepted or done stories drifted") {
		t.Errorf("job summary:\n%s", got)
	}
}
