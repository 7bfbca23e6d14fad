package hitl

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/inert"
)

// Diagnostics turns unverified decisions into hitl/decision-unverified and
// stale ones into hitl/decision-stale findings at the decision's heading,
// in the order of fs: the gate's findings pipeline orders them with the
// stories gate's others.
func Diagnostics(fs []Finding) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, f := range fs {
		if f.Status == Verified {
			continue
		}
		rule := RuleID
		if f.Status == Stale {
			rule = StaleRuleID
		}
		out = append(out, diag.New(rule, diag.SeverityError, f.Story, f.Pos,
			"%s (%s at %s) is %s: %s", f.Decision, f.Event, f.AtState, f.Status, f.Reason))
	}
	return out
}

// Markdown renders the decisions new in the pull request for the sticky
// comment; "" when there are none.
func Markdown(fs []Finding) string {
	if len(fs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("#### Human decisions in this pull request\n\n| Story | Decision | Verdict | Details |\n|---|---|---|---|\n")
	for _, f := range fs {
		fmt.Fprintf(&b, "| %s | %s: %s at %s | %s | %s |\n", cell(f.StoryID), cell(f.Decision), inert.CodeCell(string(f.Event)), inert.CodeCell(string(f.AtState)), verdict(f.Status), cell(f.Reason))
	}
	return b.String()
}

func verdict(s Status) string {
	switch s {
	case Verified:
		return "✅ verified"
	case Stale:
		return "⚠️ stale"
	}
	return "❌ unverified"
}

// cell keeps untrusted text inside one table cell, inert (package inert).
func cell(s string) string { return inert.Inline(strings.TrimSpace(s)) }
