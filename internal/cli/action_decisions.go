package cli

import (
	"context"
	"fmt"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate/collect"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/hitl"
	"github.com/storygate/storygate/internal/rules"
)

// decisionCheck returns the hitl/decision-unverified check for a pull
// request run, or nil when there is no pull request or no base to tell new
// decisions from old ones.
func (a *actionRun) decisionCheck() collect.DecisionsFunc {
	if a.plan.pr == 0 || a.plan.base == "" {
		return nil
	}
	return func(ctx context.Context, units []rules.Unit) ([]diag.Diagnostic, string, error) {
		if !hasNewDecisions(units) {
			return nil, "", nil // no API calls for the common case
		}
		cfg, hasCreds, err := githubConfig(a.plan.installationID)
		if err != nil {
			return nil, "", err
		}
		if !hasCreds {
			return unverifiable(units), "", nil
		}
		return a.verifyDecisions(ctx, cfg, units)
	}
}

func (a *actionRun) verifyDecisions(ctx context.Context, cfg github.Config, units []rules.Unit) ([]diag.Diagnostic, string, error) {
	gh, err := github.NewAdapter(cfg)
	if err != nil {
		return nil, "", err
	}
	pr, err := gh.PullRequest(ctx, a.plan.repo, a.plan.pr)
	if err != nil {
		return nil, "", fmt.Errorf("read pull request #%d: %w", a.plan.pr, err)
	}
	checker := hitl.Checker{GitHub: gh, Repo: a.plan.repo, PR: pr, Approvers: a.cfg.Approvers}
	findings, err := checker.Check(ctx, units)
	if err != nil {
		return nil, "", err
	}
	return hitl.Diagnostics(findings), hitl.Markdown(findings), nil
}

func hasNewDecisions(units []rules.Unit) bool {
	for _, u := range units {
		if len(u.NewDecisions()) > 0 {
			return true
		}
	}
	return false
}

// unverifiable fails closed: without GitHub access no new decision can be
// tied to a person's comment.
func unverifiable(units []rules.Unit) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, u := range units {
		for _, d := range u.NewDecisions() {
			out = append(out, diag.New(hitl.RuleID, diag.SeverityError, u.Head.Path, d.Heading.Pos,
				"\"### %s\" cannot be verified: this run has no GitHub access to read the comment it names", d.Heading.Text))
		}
	}
	return out
}
