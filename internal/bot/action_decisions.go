package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate/collect"
	"github.com/storygate/storygate/internal/hitl"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/target"
)

// decisionRun is what checking a run's human decisions needs: the bot's
// dependencies, the run's target (its history and policy) and its plan
// (the pull request, the head, the installation). The gate and publish
// both build one; neither needs the other's run.
type decisionRun struct {
	b    *Bot
	t    *target.Target
	plan plan
}

// decisionCheck returns the check of human decisions for a run with a
// base, or nil when there is no base to tell new decisions from old ones.
// Every gate path with a base verifies them: a pull request's own, a merge
// queue's for the pull request it queues, and any other run fails closed.
//
// The root's place in its repository is the target's, found before the
// gates run any command from the change (target.Open).
func (d decisionRun) decisionCheck() collect.DecisionsFunc {
	if d.plan.base == "" {
		return nil
	}
	history, openErr := chatops.NewHistory(d.t)
	return func(ctx context.Context, units []rules.Unit) ([]diag.Diagnostic, string, error) {
		if !hasNewDecisions(units) {
			return nil, "", nil // no API calls for the common case
		}
		if openErr != nil {
			return nil, "", openErr
		}
		number := d.decisionsPR()
		if number == 0 && d.plan.event.Name == "local" {
			return hitl.Local(units), "", nil // a developer's run: local decisions are its own
		}
		if number == 0 {
			return unverifiable(units, "this run gates no pull request whose comments and storygate's records could back it"), "", nil
		}
		gh, err := d.b.deps.GitHub.NewClient(d.plan.installationID, timeoutsOf(d.t.Policy()))
		if errors.Is(err, ErrNoCredentials) {
			return unverifiable(units, "this run has no GitHub access to read the comment it names"), "", nil
		}
		if err != nil {
			return nil, "", err
		}
		return d.verifyDecisions(ctx, gh, history, number, units)
	}
}

// decisionsPR is the pull request whose decisions the run checks: the
// gated one, or the one a merge queue group was made for.
func (d decisionRun) decisionsPR() int {
	if d.plan.pr != 0 {
		return d.plan.pr
	}
	return d.plan.queuedPR
}

func (d decisionRun) verifyDecisions(ctx context.Context, gh Client, history chatops.History, number int, units []rules.Unit) ([]diag.Diagnostic, string, error) {
	pr, err := gh.PullRequest(ctx, d.plan.repo, number)
	if err != nil {
		return nil, "", fmt.Errorf("read pull request #%d: %w", number, err)
	}
	checker := hitl.Checker{GitHub: gh, Repo: d.plan.repo, PR: pr, Approvers: d.b.policyOf(d.t).Approvers,
		History: history, Head: d.plan.head}
	if d.plan.pr == 0 {
		checker.Tip = pr.HeadSHA // the queue's commit is not the PR's history
	}
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

// unverifiable fails closed: without GitHub no new decision can be tied to
// a person's comment and storygate's record of it.
func unverifiable(units []rules.Unit, why string) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, u := range units {
		for _, d := range u.NewDecisions() {
			out = append(out, diag.New(hitl.RuleID, diag.SeverityError, u.Head.Path, d.Heading.Pos,
				"\"### %s\" cannot be verified: %s", d.Heading.Text, why))
		}
	}
	return out
}
