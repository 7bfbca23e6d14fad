package reverify

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/inert"
)

// Summary renders the run for the job summary.
func Summary(r Report) string {
	var b strings.Builder
	b.WriteString("## storygate re-verification\n\n")
	if len(r.Stories) == 0 {
		b.WriteString("No accepted or done story on the default branch.\n")
		return b.String()
	}
	fmt.Fprintf(&b, "%d of %d accepted or done stories drifted.\n\n", r.Drifted(), len(r.Stories))
	if r.Sandbox.Mode != "" {
		fmt.Fprintf(&b, "%s.\n\n", r.Sandbox.Summary())
	}
	b.WriteString("| Story | State | Reruns | Verdict | Issue |\n|---|---|---|---|---|\n")
	for _, s := range r.Stories {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", inert.Inline(s.ID), inert.Inline(s.State), passed(s), verdict(s), issueCell(s))
	}
	return b.String()
}

func passed(s Story) string {
	n := 0
	for _, r := range s.Results {
		if r.Passed() {
			n++
		}
	}
	return fmt.Sprintf("%d/%d passed", n, len(s.Results))
}

func verdict(s Story) string {
	if s.Drifted() {
		return "❌ drifted"
	}
	return "✅ passes"
}

func issueCell(s Story) string {
	if s.Issue == 0 {
		return "—"
	}
	return fmt.Sprintf("#%d (%s)", s.Issue, s.IssueAction)
}
