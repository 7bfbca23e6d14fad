package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// checkRunsRoute is the operation that creates a check run.
const checkRunsRoute = "/repos/{owner}/{repo}/check-runs"

// publishRun is a pull request event's environment for the built binary
// against the fake: a repository whose head adds a story with errors.
func publishRun(t *testing.T) (fake *githubtest.Server, env []string) {
	repo, fake, runner := testrepo.New(t), githubtest.New(t), t.TempDir()
	repo.Write(map[string]string{"stories/STORY-001.md": string(demoStory(t, "STORY-001.md"))})
	base := repo.Commit("base")
	repo.Write(map[string]string{"stories/STORY-003.md": string(demoStory(t, "STORY-003.md"))})
	head := repo.Commit("head")
	// The pull request is at the head the run judges (publish reads it
	// before writing: newest head wins).
	fake.AddPullRequest("Codertocat/Hello-World", githubtest.PullRequest{Number: 2, HeadSHA: head, BaseSHA: base})
	event := filepath.Join(runner, "event.json")
	if err := os.WriteFile(event, githubtest.LoadWebhook(t, "pull_request.opened", head, base), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, k := range actionEnv {
		env = append(env, k+"=")
	}
	env = append(env, "GITHUB_API_URL="+fake.URL, "GITHUB_TOKEN="+fake.Token, "GITHUB_WORKSPACE="+repo.Root,
		"RUNNER_TEMP="+runner, "GITHUB_REPOSITORY=Codertocat/Hello-World", "GITHUB_EVENT_NAME=pull_request",
		"GITHUB_EVENT_PATH="+event, "INPUT_GATES=stories")
	return fake, env
}

// TestSignalEndsThePublishPhaseCleanly stops `storygate action` while it
// writes to GitHub: the fake holds the first check run's create without
// an answer, so the run is known to be publishing when SIGTERM comes. The
// run gives the request up, exits 3 naming the signal and leaves no
// temporary directory. The honest control publishes uninterrupted and
// exits 1 for the story's errors, as it always has, leaving nothing.
func TestSignalEndsThePublishPhaseCleanly(t *testing.T) {
	bin := buildStorygate(t)
	for _, tc := range []struct {
		name      string
		interrupt bool
		want      int
	}{
		{"SIGTERM mid-publish", true, ExitInternal},
		{"control", false, ExitFindings},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake, env := publishRun(t)
			if tc.interrupt {
				fake.Inject("POST", checkRunsRoute, githubtest.Hang, 1)
			}
			tmp := t.TempDir()
			run := startStorygate(t, bin, tmp, env, "action")
			if tc.interrupt {
				eventually(t, "a check run's create reaching GitHub", func() bool { return len(fake.CallsTo("POST", checkRunsRoute)) > 0 },
					func() string { return "no create yet" })
				run.signal(t, syscall.SIGTERM)
			}
			code := run.wait(t)
			if code != tc.want || tc.interrupt != strings.Contains(run.output(), "stopped by SIGTERM") {
				t.Errorf("exit %d, want %d:\n%s", code, tc.want, run.output())
			}
			if !tc.interrupt && len(fake.CheckRuns()) == 0 {
				t.Errorf("the uninterrupted run published no check run:\n%s", run.output())
			}
			if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
				t.Errorf("TMPDIR is not empty: %v", entries)
			}
		})
	}
}
