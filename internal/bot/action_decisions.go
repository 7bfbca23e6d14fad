package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate/collect"
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
		gh, err := a.deps.GitHub.NewClient(a.plan.installationID)
		if errors.Is(err, ErrNoCredentials) {
			return unverifiable(units), "", nil
		}
		if err != nil {
			return nil, "", err
		}
		return a.verifyDecisions(ctx, gh, units)
	}
}

func (a *actionRun) verifyDecisions(ctx context.Context, gh Client, units []rules.Unit) ([]diag.Diagnostic, string, error) {
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
