package report

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

// maxFindingsPerStory bounds a story's findings table; the check runs and
// the results document carry the rest.
const maxFindingsPerStory = 25

// storySections renders each story as one section.
func (c comment) storySections() []string {
	byFile := map[string][]diag.Diagnostic{}
	for _, d := range c.res.Diagnostics() {
		byFile[d.File] = append(byFile[d.File], d)
	}
	out := make([]string, 0, len(c.res.Stories))
	for _, s := range c.res.Stories {
		out = append(out, c.storySection(s, byFile[s.File]))
	}
	return out
}

func (c comment) storySection(s gate.Story, ds []diag.Diagnostic) string {
	var b strings.Builder
	name := s.ID
	if name == "" {
		name = s.File
	}
	fmt.Fprintf(&b, "\n### %s %s\n\n", escapeText(name), escapeText(s.Title))
	fmt.Fprintf(&b, "%s · state **%s**", c.links.file(s.File), escapeText(orUnknown(s.State)))
	if s.BaseState != "" && s.BaseState != s.State {
		fmt.Fprintf(&b, " (was **%s**)", escapeText(s.BaseState))
	}
	b.WriteString("\n")
	b.WriteString(nextStep(s, c.who))
	if len(ds) > 0 {
		b.WriteString("\n**Findings**\n\n")
		c.findings(&b, ds, false)
	}
	writeVerification(&b, s.Verification, s.NotRecomputed)
	writeRevert(&b, s.Revert, s.NotRecomputed)
	if d := Mermaid(s); d != "" {
		b.WriteString("\n```mermaid\n" + d + "```\n")
		b.WriteString(earlierMoves(s))
	}
	b.WriteString(undrawnNote(s))
	return b.String()
}

// findings writes a findings table, each line linked to the file at the
// head commit; past maxFindingsPerStory it points at the check runs.
func (c comment) findings(b *strings.Builder, ds []diag.Diagnostic, withFile bool) {
	if withFile {
		b.WriteString("| | Location | Rule | Message |\n|---|---|---|---|\n")
	} else {
		b.WriteString("| | Line | Rule | Message |\n|---|---|---|---|\n")
	}
	for i, d := range ds {
		if i == maxFindingsPerStory {
			fmt.Fprintf(b, "| | | | … and %d more in %s |\n", len(ds)-i, c.links.checksText())
			break
		}
		where := c.links.line(d.File, d.Line, fmt.Sprint(d.Line))
		if withFile {
			where = c.links.line(d.File, d.Line, fmt.Sprintf("`%s:%d`", codeText(d.File), d.Line))
		}
		fmt.Fprintf(b, "| %s | %s | `%s` | %s |\n", severityIcon(d.Severity), where, codeText(d.Rule), cell(d.Message))
	}
}

// writeVerification writes the reruns without their durations, which change
// from run to run without changing what the comment says; a failed rerun's
// output follows the table.
func writeVerification(b *strings.Builder, checks []gate.Check, taken bool) {
	if len(checks) == 0 {
		return
	}
	b.WriteString("\n**Verification rerun**" + notRecomputed(taken) + "\n\n| ID | Command | Claimed | Rerun | Exit |\n|---|---|---|---|---|\n")
	for _, c := range checks {
		fmt.Fprintf(b, "| %s | `%s` | %s | %s %s | %d |\n", cell(c.ID), codeText(c.Command), cell(orDash(c.Claimed)),
			verdictIcon(c.Verdict), cell(c.Verdict), c.ExitCode)
	}
	for _, c := range checks {
		switch {
		case c.Verdict == "pass":
		case c.OutputTail != "":
			b.WriteString(outputTail(c.ID+" output", c.OutputTail))
		default:
			b.WriteString(outputTail(c.ID+" error", c.Error))
		}
	}
}

// notRecomputed marks rows publish took from the unprivileged run.
func notRecomputed(taken bool) string {
	if taken {
		return " _(" + gate.NotRecomputedNote + ")_"
	}
	return ""
}

func writeRevert(b *strings.Builder, rv *gate.Revert, taken bool) {
	if rv == nil {
		return
	}
	fmt.Fprintf(b, "\n**Revert check:** %s %s", verdictIcon(rv.Verdict), escapeText(rv.Verdict))
	if len(rv.Paths) > 0 {
		quoted := make([]string, 0, len(rv.Paths))
		for _, p := range rv.Paths {
			quoted = append(quoted, "`"+codeText(p)+"`")
		}
		fmt.Fprintf(b, " — %s", strings.Join(quoted, ", "))
	}
	b.WriteString(notRecomputed(taken) + "\n")
	if rv.Verdict == "could_not_run" {
		b.WriteString(outputTail("revert suite output", rv.OutputTail))
	}
	writeRevertDecisions(b, rv)
}

// maxRevertDecisions bounds the file and hunk rows of one story's revert
// table; the results document has them all.
const maxRevertDecisions = 30

// writeRevertDecisions lists the files and hunks a file- or hunk-
// granularity check decided, each with its verdict and how it was reached.
func writeRevertDecisions(b *strings.Builder, rv *gate.Revert) {
	if len(rv.Decisions) > 0 {
		fmt.Fprintf(b, "\n| File | Hunk | Verdict | Decided by |\n|---|---|---|---|\n")
	}
	for i, d := range rv.Decisions {
		if i == maxRevertDecisions {
			fmt.Fprintf(b, "| | | … and %d more | |\n", len(rv.Decisions)-i)
			break
		}
		lines := "whole file"
		if d.Lines != "" {
			lines = "`" + codeText(d.Lines) + "`"
		}
		fmt.Fprintf(b, "| `%s` | %s | %s %s | %s |\n", codeText(d.Path), lines, verdictIcon(d.Verdict), cell(d.Verdict), cell(d.Decided))
	}
	if rv.Incomplete != "" {
		fmt.Fprintf(b, "\n%s\n", escapeText(rv.Incomplete))
	}
}
