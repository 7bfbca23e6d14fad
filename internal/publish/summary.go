package publish

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

// checkSummary is a check run's summary: its conclusion in words and the
// stories it concerns. The full report lives in the comment and the job
// summary; annotations mark the lines.
func checkSummary(res *gate.Results, g gate.Gate) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** — %s\n", g.Conclusion, g.Title)
	rows := storyRows(res, g)
	if len(rows) > 0 {
		b.WriteString("\n| Story | State | This check |\n|---|---|---|\n")
		b.WriteString(strings.Join(rows, ""))
	}
	for _, n := range res.Notes {
		fmt.Fprintf(&b, "\n> %s\n", n)
	}
	if g.Detail != "" {
		b.WriteString("\n" + g.Detail + "\n")
	}
	return b.String()
}

// storyRows is one table row per story, with what this gate says of it.
func storyRows(res *gate.Results, g gate.Gate) []string {
	counts := map[string]diag.Counts{}
	for _, d := range g.Diagnostics {
		c := counts[d.File]
		c = addOne(c, d.Severity)
		counts[d.File] = c
	}
	var rows []string
	for _, s := range res.Stories {
		rows = append(rows, fmt.Sprintf("| `%s` | %s | %s |\n", cellText.Replace(s.File), cellText.Replace(s.State), storyVerdict(g.Name, s, counts[s.File])))
	}
	return rows
}

func addOne(c diag.Counts, s diag.Severity) diag.Counts {
	switch s {
	case diag.SeverityError:
		c.Errors++
	case diag.SeverityWarning:
		c.Warnings++
	default:
		c.Notices++
	}
	return c
}

func storyVerdict(n gate.Name, s gate.Story, c diag.Counts) string {
	switch {
	case n == gate.Verify && len(s.Verification) > 0:
		passed := 0
		for _, v := range s.Verification {
			if v.Verdict == "pass" {
				passed++
			}
		}
		return fmt.Sprintf("%d/%d reruns pass, %d errors", passed, len(s.Verification), c.Errors) + takenNote(s)
	case n == gate.RevertCheck && s.Revert != nil:
		return s.Revert.Verdict + takenNote(s)
	}
	return fmt.Sprintf("%d errors, %d warnings, %d notices", c.Errors, c.Warnings, c.Notices)
}

// takenNote marks a verdict publish took from the unprivileged run.
func takenNote(s gate.Story) string {
	if s.NotRecomputed {
		return " (" + gate.NotRecomputedNote + ")"
	}
	return ""
}

// cellText keeps story text from ending a code span or a table cell.
var cellText = strings.NewReplacer("`", "'", "|", "\\|", "<", "&lt;", ">", "&gt;", "@", "@\u200b")

// checkText lists the gate's findings as compilers print them.
func checkText(g gate.Gate) string {
	if len(g.Diagnostics) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("```\n")
	for _, d := range g.Diagnostics {
		b.WriteString(strings.ReplaceAll(d.String(), "```", "'''") + "\n")
	}
	b.WriteString("```\n")
	return b.String()
}
