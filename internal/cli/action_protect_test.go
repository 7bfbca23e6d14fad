package cli

import (
	"io"
	"os"
	"testing"

	"github.com/storygate/storygate/internal/bot"
	"github.com/storygate/storygate/internal/github"
)

// TestActionDropsItsTokensBeforeRunning: building the bot takes a snapshot
// of the environment and then removes the token and the inputs from the
// process environment, where a command from the pull request could read
// them through /proc/<storygate>/environ; the snapshot still holds them
// for the bot. The control: a variable that is no secret stays.
func TestActionDropsItsTokensBeforeRunning(t *testing.T) {
	t.Setenv("GITHUB_TOKEN", "ghs_secret")
	t.Setenv("INPUT_APP-PRIVATE-KEY", "-----BEGIN KEY-----")
	t.Setenv("STORYGATE_TEST_PLAIN", "kept")
	defer restoreEnv(os.Environ())
	snapshot := bot.TakeEnv()
	if _, err := newBot(env{stdout: io.Discard, stderr: io.Discard}, github.Timeouts{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"GITHUB_TOKEN", "INPUT_APP-PRIVATE-KEY"} {
		if v, ok := os.LookupEnv(name); ok {
			t.Errorf("%s is still in storygate's environment: %q", name, v)
		}
	}
	if os.Getenv("STORYGATE_TEST_PLAIN") != "kept" {
		t.Error("a plain variable was removed")
	}
	if snapshot.Getenv("GITHUB_TOKEN") != "ghs_secret" {
		t.Error("the snapshot the bot reads lost the token")
	}
}
