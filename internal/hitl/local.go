package hitl

import (
	"fmt"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

// LocalRuleID is the notice the local gate gives a decision recorded on
// the developer's machine (transition.LocalSource): accepted as local,
// naming the command that records it on the pull request.
const LocalRuleID = "hitl/decision-local"

// localReason says a decision was recorded locally and what to type on
// the pull request for storygate to record it there.
func localReason(storyID string, event lifecycle.Event) string {
	cmd := command.For(event)
	if cmd == "" {
		return "recorded locally, and no slash command records it on the pull request"
	}
	return fmt.Sprintf("recorded locally: type `%s %s` on the pull request", cmd, storyID)
}

// Local judges the decisions new in a local run, which has no pull
// request: one recorded locally is accepted as local (a hitl/decision-local
// notice naming the command to type on the pull request); any other cannot
// be verified here (hitl/decision-unverified), since nothing on this
// machine can back a comment.
func Local(units []rules.Unit) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, u := range units {
		for _, d := range u.NewDecisions() {
			out = append(out, localFinding(u.Head, d))
		}
	}
	return out
}

func localFinding(s *story.Story, d story.Decision) diag.Diagnostic {
	if transition.IsLocal(d) {
		return diag.New(LocalRuleID, diag.SeverityNotice, s.Path, d.Heading.Pos, "%s (%s at %s) is %s",
			d.Heading.Text, d.DecidedEvent(), d.GateState(), localReason(storyID(s), d.DecidedEvent()))
	}
	return diag.New(RuleID, diag.SeverityError, s.Path, d.Heading.Pos,
		"\"### %s\" cannot be verified: this run gates no pull request whose comments and storygate's records could back it", d.Heading.Text)
}
