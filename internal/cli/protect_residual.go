package cli

import (
	"fmt"

	"github.com/storygate/storygate/internal/github"
)

// protectResidual says who can satisfy the required checks protect set.
// Pinned to storygate's own App, only the App: its key is in an
// environment no pull request's workflow can reach. Unpinned, or pinned
// to GitHub Actions (through which every workflow's GITHUB_TOKEN makes its
// check runs), any workflow with checks: write can, an agent's workflow
// on a same-repository branch included: the residual of Actions-only
// mode, said plainly with its fix.
func protectResidual(repo github.Repo, branch string, appID int64) string {
	if appID != 0 && appID != github.ActionsAppID {
		return fmt.Sprintf("the storygate checks on %s are pinned to GitHub App %d: a check run of the same name from any other source, a workflow's GITHUB_TOKEN included, does not satisfy them\n", branch, appID)
	}
	source := "not pinned to a source (GitHub pins an omitted one to the app that last reported the check, for storygate's workflows GitHub Actions)"
	if appID == github.ActionsAppID {
		source = fmt.Sprintf("pinned to GitHub Actions (app %d), through which every workflow's GITHUB_TOKEN posts", github.ActionsAppID)
	}
	return fmt.Sprintf(`warning: Actions-only mode: the storygate checks on %s are %s.
  Any workflow in %s with "checks: write" can satisfy the required checks, an agent's workflow on a same-repository branch included,
  and post decision receipts that look like storygate's.
  Fix: run storygate as its own GitHub App (docs/app.md), keep the App's private key in a GitHub environment that only
  the default branch may deploy to, used only by the publish and commands workflows (docs/action.md, "The App key in a
  protected environment"), set approvers.recorder and approvers.recorder_app_id, and pin the checks to it:
  storygate protect --branch %s --app-id <the App's id>
`, branch, source, repo, branch)
}
