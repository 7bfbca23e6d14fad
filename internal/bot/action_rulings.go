package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/storygate/storygate/internal/gate/collect"
	"github.com/storygate/storygate/internal/hitl"
	"github.com/storygate/storygate/internal/rootpath"
)

// rulingCheck returns the check of human rulings on the revert check
// (`/allow-test-edit`) for a run with a base, or nil without one. A run
// that gates no pull request, or has no GitHub access, finds no ruling:
// its escalations stand.
func (d decisionRun) rulingCheck() collect.RulingsFunc {
	if d.plan.base == "" {
		return nil
	}
	return func(ctx context.Context, paths []string) (map[string]collect.Ruling, error) {
		number := d.decisionsPR()
		if number == 0 {
			return nil, nil
		}
		gh, err := d.b.deps.GitHub.NewClient(d.plan.installationID, timeoutsOf(d.t.Policy()))
		if errors.Is(err, ErrNoCredentials) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		pr, err := gh.PullRequest(ctx, d.plan.repo, number)
		if err != nil {
			return nil, fmt.Errorf("read pull request #%d: %w", number, err)
		}
		checker := hitl.RulingChecker{GitHub: gh, Repo: d.plan.repo, PR: pr, Approvers: d.t.Policy().Approvers, Target: d.t}
		if d.plan.pr == 0 {
			checker.Tip = pr.HeadSHA // the queue's commit is not the PR's history
		}
		return d.rulings(ctx, checker, paths)
	}
}

// rulings asks checker about paths by their repository paths, which the
// records name, and answers by the root's paths, which the gate uses.
func (d decisionRun) rulings(ctx context.Context, checker hitl.RulingChecker, paths []string) (map[string]collect.Ruling, error) {
	inRepo := make([]string, len(paths))
	for i, p := range paths {
		inRepo[i] = d.t.RepoPath(p)
	}
	got, err := checker.Check(ctx, inRepo)
	if err != nil {
		return nil, err
	}
	out := map[string]collect.Ruling{}
	for p, r := range got {
		if rel, inside := rootpath.InDir(d.t.Place(), p); inside {
			out[rel] = collect.Ruling{By: r.By, Source: r.Source, Why: r.Why}
		}
	}
	return out, nil
}
