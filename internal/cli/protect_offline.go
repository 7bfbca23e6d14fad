package cli

import (
	"fmt"

	"github.com/storygate/storygate/internal/github"
)

// dryRunRetry reads the current protection once: a dry run that cannot
// reach GitHub prints the request offline at once rather than backing
// off for a quarter of a minute first.
var dryRunRetry = github.RetryPolicy{MaxRetries: -1}

// protectOffline is a dry run without the current protection (no token,
// no network, no permission to read it): it says why on stderr and prints
// the request for an unprotected branch, which a real run sends only when
// the branch is unprotected; a protected branch's other settings are read
// and kept then.
func protectOffline(e env, repo github.Repo, f protectFlags, why error) error {
	fmt.Fprintf(e.stderr, "storygate protect: the current protection of %s on %s could not be read (%v); printing the request for an unprotected branch\n", f.branch, repo, why)
	want := github.RequiredChecks{}.WithChecks(gateChecks(f.root, f.appID)...)
	plan, err := github.PlanUnreadRequiredChecks(repo, f.branch, want)
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, plan.String())
	fmt.Fprintln(e.stdout, "dry run: nothing was changed; with a token that can read the branch's protection, the request keeps its other settings")
	return nil
}
