package hitl

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

// digestProblem says why a decision's Digest no longer matches the content
// it approved, or "" when it does.
func digestProblem(s *story.Story, d story.Decision) string {
	field, _ := d.Field("Digest")
	sum, entry, ok := transition.ParseDigest(field.Value)
	if !ok {
		return "it has no readable **Digest:** of the content it approved (sha256:<hex> (contract + <entry>))"
	}
	now, err := transition.ContentDigest(s, entry)
	if err != nil {
		return fmt.Sprintf("the approved %s is gone", entry)
	}
	if now != sum {
		return fmt.Sprintf("the %s changed after the decision; the approval no longer covers it, so a new decision is needed", covered(entry))
	}
	return ""
}

func covered(entry string) string {
	if entry == "" {
		return "contract"
	}
	return "contract or " + entry
}

// Diagnostics turns unverified and stale decisions into findings at the
// decision's heading.
func Diagnostics(fs []Finding) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, f := range fs {
		if f.Status == Verified {
			continue
		}
		out = append(out, diag.New(RuleID, diag.SeverityError, f.Story, f.Pos,
			"%s (%s at %s) is %s: %s", f.Decision, f.Event, f.AtState, f.Status, f.Reason))
	}
	diag.Sort(out)
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
		fmt.Fprintf(&b, "| %s | %s: `%s` at `%s` | %s | %s |\n", cell(f.StoryID), cell(f.Decision), cell(string(f.Event)), cell(string(f.AtState)), verdict(f.Status), cell(f.Reason))
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

// cell keeps untrusted text inside one table cell.
func cell(s string) string {
	s = strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ", "<", "&lt;", ">", "&gt;").Replace(s)
	return strings.TrimSpace(s)
}
