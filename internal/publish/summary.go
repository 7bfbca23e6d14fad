package publish

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/inert"
)

// checkSummary is a check run's summary: its conclusion in words and the
// stories it concerns. The full report lives in the comment and the job
// summary; annotations mark the lines.
func checkSummary(res *gate.Results, g gate.Gate) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** — %s\n", g.Conclusion, inert.Inline(g.Title))
	rows := storyRows(res, g)
	if len(rows) > 0 {
		b.WriteString("\n| Story | State | This check |\n|---|---|---|\n")
		b.WriteString(strings.Join(rows, ""))
	}
	for _, n := range res.Notes {
		fmt.Fprintf(&b, "\n> %s\n", inert.Inline(n))
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
		rows = append(rows, fmt.Sprintf("| %s | %s | %s |\n", inert.CodeCell(s.File), inert.Inline(s.State), inert.Inline(storyVerdict(g.Name, s, counts[s.File]))))
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

// checkText lists the gate's findings as compilers print them.
func checkText(g gate.Gate) string {
	if len(g.Diagnostics) == 0 {
		return ""
	}
	lines := make([]string, 0, len(g.Diagnostics))
	for _, d := range g.Diagnostics {
		lines = append(lines, d.String())
	}
	return inert.Block("", strings.Join(lines, "\n")) + "\n"
}
