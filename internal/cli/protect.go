package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/version"
)

const protectSynopsis = "protect --branch B [--root PACKAGE] [--dry-run] [--repo owner/name] [--app-id N]"

// protectFlags are the command line of storygate protect.
type protectFlags struct {
	branch, repo string
	// root is the gated root's place in the repository (a package such
	// as pkg-a), whose check runs carry it in their names; "" is the top.
	root   string
	dryRun bool
	appID  int64
}

// runProtect makes the gate's check runs required status checks on a
// branch, keeping every other protection setting. The token comes from
// GITHUB_TOKEN (needs administration rights), the API root from
// GITHUB_API_URL.
func runProtect(e env, args []string) int {
	fs := newFlagSet(e, "protect", protectSynopsis)
	var f protectFlags
	fs.StringVar(&f.branch, "branch", "", "branch to protect (required)")
	fs.StringVar(&f.repo, "repo", "", "repository owner/name (default GITHUB_REPOSITORY)")
	fs.BoolVar(&f.dryRun, "dry-run", false, "print the request without sending it")
	fs.Int64Var(&f.appID, "app-id", 0, "pin the checks to storygate's own GitHub App, so only it can satisfy them (docs/app.md)")
	fs.StringVar(&f.root, "root", "", "the gated package's directory from the repository's top (the action's root input), default the top")
	if _, code := parseFlags(fs, args); code >= 0 {
		return code
	}
	repo, client, err := f.target()
	if err == nil {
		f.root, err = rootPlace(f.root)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate protect: %v\n", err)
		fs.Usage()
		return ExitUsage
	}
	if err := protect(e.ctx, e, client, repo, f); err != nil {
		fmt.Fprintf(e.stderr, "storygate protect: %v\n", err)
		return ExitInternal
	}
	return ExitOK
}

// target checks the flags and builds the client.
func (f protectFlags) target() (github.Repo, github.Protection, error) {
	if f.branch == "" {
		return github.Repo{}, nil, errors.New("--branch is required")
	}
	if f.repo == "" {
		f.repo = os.Getenv("GITHUB_REPOSITORY")
	}
	repo, err := github.ParseRepo(f.repo)
	if err != nil {
		return github.Repo{}, nil, fmt.Errorf("--repo: %w", err)
	}
	cfg := github.ConfigFromEnv(os.Getenv)
	if cfg.Token == "" && f.dryRun {
		return repo, nil, nil // printed offline (protect_offline.go)
	}
	if cfg.Token == "" {
		return github.Repo{}, nil, errors.New("GITHUB_TOKEN is not set (a token with administration rights on the repository)")
	}
	if f.dryRun {
		cfg.Retry = dryRunRetry
	}
	cfg.UserAgent = "storygate/" + version.String()
	client, err := github.NewAdapter(cfg)
	return repo, client, err
}

// protect plans the change, prints it, and sends it unless this is a dry
// run or the checks are already required (and, with --app-id, pinned);
// whatever it did, it ends by saying who can satisfy the checks.
func protect(ctx context.Context, e env, client github.Protection, repo github.Repo, f protectFlags) error {
	var err error
	if client == nil {
		err = protectOffline(e, repo, f, errors.New("GITHUB_TOKEN is not set"))
	} else {
		err = requireChecks(ctx, e, client, repo, f)
	}
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, protectResidual(repo, f.branch, f.appID))
	return nil
}

// requireChecks is protect's change: --app-id pins each gate check to the
// App, re-pinning one already required (WithPinnedChecks); without it a
// check already required keeps whatever source it has. A dry run that
// cannot read the current protection prints the request offline.
func requireChecks(ctx context.Context, e env, client github.Protection, repo github.Repo, f protectFlags) error {
	current, err := client.BranchProtection(ctx, repo, f.branch)
	if err != nil && f.dryRun {
		return protectOffline(e, repo, f, err)
	}
	if err != nil {
		return err
	}
	want := github.RequiredChecks{}
	if current.Checks != nil {
		want = *current.Checks
	}
	if f.appID != 0 {
		want = want.WithPinnedChecks(gateChecks(f.root, f.appID)...)
	} else {
		want = want.WithChecks(gateChecks(f.root, 0)...)
	}
	if current.Checks != nil && slices.Equal(current.Checks.Checks, want.Checks) {
		fmt.Fprintf(e.stdout, "%s on %s already requires the storygate checks%s; nothing to do\n", f.branch, repo, ofRoot(f.root))
		return nil
	}
	plan, err := client.PlanRequiredChecks(ctx, repo, f.branch, want)
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, plan.String())
	if f.dryRun {
		fmt.Fprintln(e.stdout, "dry run: nothing was changed")
		return nil
	}
	if err := client.ApplyProtectionPlan(ctx, plan); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s on %s now requires %d status checks\n", f.branch, repo, len(want.Checks))
	return nil
}

// gateChecks are the always-reported check runs of the root at place.
func gateChecks(place string, appID int64) []github.RequiredCheck {
	var out []github.RequiredCheck
	for _, n := range gate.DefaultNames {
		out = append(out, github.RequiredCheck{Context: gate.Identity{Gate: n, Root: place}.CheckName(), AppID: appID})
	}
	return out
}

// rootPlace is --root as a results document records a root: a clean
// slash path from the repository's top, "" for the top. It names the
// package the way the gate found it (the repository's own path), so a
// path leaving the repository or a Windows-style one is refused rather
// than guessed at.
func rootPlace(root string) (string, error) {
	if root == "" {
		return "", nil
	}
	clean := path.Clean(strings.TrimSuffix(root, "/"))
	if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") || strings.Contains(root, "\\") {
		return "", fmt.Errorf("--root %q: give the package's directory relative to the repository's top, with slashes (e.g. pkg-a)", root)
	}
	if clean == "." {
		return "", nil
	}
	return clean, nil
}

// ofRoot names a package root in a message; nothing for the top.
func ofRoot(place string) string {
	if place == "" {
		return ""
	}
	return " of the root " + place
}
