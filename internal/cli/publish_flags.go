package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/storygate/storygate/internal/bot"
)

const publishSynopsis = "publish --results FILE [--root DIR] [--config FILE] [--repo OWNER/NAME] [--head-sha SHA] [--pr N]"

// runPublish posts a results document written by an unprivileged run; the
// bot reads it as data, checks it against the triggering run and
// recomputes what needs no execution from the pull request's head.
func runPublish(e env, args []string) int {
	fs := newFlagSet(e, "publish", publishSynopsis)
	var f bot.PublishOptions
	fs.StringVar(&f.Results, "results", "", "the results document to publish (required)")
	fs.StringVar(&f.Repo, "repo", "", "repository (default GITHUB_REPOSITORY)")
	fs.StringVar(&f.HeadSHA, "head-sha", "", "commit for the check runs (default: the workflow_run's head, else the document's)")
	fs.IntVar(&f.PR, "pr", 0, "pull request to comment on (default: the document's)")
	fs.StringVar(&f.Root, "root", "", "the root the unprivileged run judged (input root): the top of the trusted checkout holding the pull request's commits as git data, or a package in it (default GITHUB_WORKSPACE)")
	fs.StringVar(&f.ConfigFile, "config", "", "the configuration file the unprivileged run was given (input config), named as it named it; inside the checkout it is read at the base revision (default .github/storygate.yml under the root)")
	var gf githubFlags
	gf.register(fs)
	timeouts, code := gf.parse(e, "publish", fs, args)
	if code >= 0 {
		return code
	}
	if f.Results == "" {
		f.Results = strings.TrimSpace(os.Getenv("INPUT_RESULTS"))
	}
	if f.Root == "" {
		f.Root = strings.TrimSpace(os.Getenv("INPUT_ROOT"))
	}
	if f.ConfigFile == "" {
		f.ConfigFile = strings.TrimSpace(os.Getenv("INPUT_CONFIG"))
	}
	if f.Results == "" {
		fmt.Fprintln(e.stderr, "storygate publish: --results (or the results input) is required")
		return ExitUsage
	}
	b, err := newBot(e, timeouts)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate publish: %v\n", err)
		return ExitInternal
	}
	return botExit(bot.Passed, b.Publish(e.ctx, f))
}
