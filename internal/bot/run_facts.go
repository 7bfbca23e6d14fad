package bot

import "github.com/storygate/storygate/internal/gate"

// workflowRun is the workflow run this process is (GITHUB_RUN_ID,
// GITHUB_RUN_ATTEMPT), read in this one place: the run URL, the
// re-verification binding and every check run's external_id
// (gate.Identity.RunExternalID) name the same run.
func (b *Bot) workflowRun() gate.Run {
	return gate.Run{ID: b.getenv("GITHUB_RUN_ID"), Attempt: b.getenv("GITHUB_RUN_ATTEMPT")}
}
