package report

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/inert"
)

// maxFindingsPerStory bounds a story's findings table; the check runs and
// the results document carry the rest.
const maxFindingsPerStory = 25

// storySections gives, for each story, the function rendering its section.
func (c comment) storySections() []func() string {
	byFile := map[string][]diag.Diagnostic{}
	for _, d := range c.res.Diagnostics() {
		byFile[d.File] = append(byFile[d.File], d)
	}
	out := make([]func() string, 0, len(c.res.Stories))
	for _, s := range c.res.Stories {
		// Never empty (it starts with the story's heading), so a block.
		out = append(out, func() string { return c.storySection(s, byFile[s.File]) })
	}
	return out
}

func (c comment) storySection(s gate.Story, ds []diag.Diagnostic) string {
	var b strings.Builder
	name := s.ID
	if name == "" {
		name = s.File
	}
	fmt.Fprintf(&b, "\n### %s %s\n\n", inert.Inline(name), inert.Inline(s.Title))
	fmt.Fprintf(&b, "%s · state **%s**", c.links.file(s.File), inert.Inline(orUnknown(s.State)))
	if s.BaseState != "" && s.BaseState != s.State {
		fmt.Fprintf(&b, " (was **%s**)", inert.Inline(s.BaseState))
	}
	b.WriteString("\n")
	b.WriteString(nextStep(s, c.who, withheld(s, ds)))
	if len(ds) > 0 {
		b.WriteString("\n**Findings**\n\n")
		c.findings(&b, ds, false)
	}
	c.verification(&b, s.Verification, s.NotRecomputed)
	if s.Generating { // the revert check judges the edits of the stories generating, and no other's
		c.revert(&b, s.Revert, s.NotRecomputed)
	}
	if d := Mermaid(s); d != "" {
		b.WriteString(diagram(s, d))
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
			where = c.links.line(d.File, d.Line, inert.CodeCell(fmt.Sprintf("%s:%d", d.File, d.Line)))
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", severityIcon(d.Severity), where, inert.CodeCell(d.Rule), inert.Inline(d.Message))
	}
}

// verification writes the reruns without their durations, which change
// from run to run without changing what the comment says; a failed rerun's
// output follows the table.
func (c comment) verification(b *strings.Builder, checks []gate.Check, taken bool) {
	if len(checks) == 0 {
		return
	}
	b.WriteString("\n**Verification rerun**" + notRecomputed(taken) + "\n\n| ID | Command | Claimed | Rerun | Exit |\n|---|---|---|---|---|\n")
	for _, ch := range checks {
		fmt.Fprintf(b, "| %s | %s | %s | %s %s | %d |\n", inert.Inline(ch.ID), inert.CodeCell(ch.Command), inert.Inline(orDash(ch.Claimed)),
			verdictIcon(ch.Verdict), inert.Inline(ch.Verdict), ch.ExitCode)
	}
	for _, ch := range checks {
		if ch.Verdict != "pass" && ch.Cause != "" {
			b.WriteString(cause(ch.ID, ch.Cause))
		}
		switch {
		case ch.Verdict == "pass":
		case ch.OutputTail != "":
			b.WriteString(c.tail(ch.ID+" output", ch.OutputTail))
		default:
			b.WriteString(c.tail(ch.ID+" error", ch.Error))
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

func (c comment) revert(b *strings.Builder, rv *gate.Revert, taken bool) {
	if rv == nil {
		return
	}
	fmt.Fprintf(b, "\n**Revert check:** %s %s", verdictIcon(rv.Verdict), inert.Inline(rv.Verdict))
	if len(rv.Paths) > 0 {
		quoted := make([]string, 0, len(rv.Paths))
		for _, p := range rv.Paths {
			quoted = append(quoted, inert.Code(p))
		}
		fmt.Fprintf(b, " — %s", strings.Join(quoted, ", "))
	}
	b.WriteString(notRecomputed(taken) + "\n")
	if rv.GranularityReason != "" {
		fmt.Fprintf(b, "\nGranularity: %s\n", inert.Inline(rv.GranularityReason))
	}
	if rv.Verdict == "could_not_run" {
		b.WriteString(c.tail("revert suite output", rv.OutputTail))
	}
	for _, r := range rv.Ruled {
		fmt.Fprintf(b, "\nRuled: %s permitted by %s (%s)\n", inert.Code(r.Path), inert.Inline(r.By), inert.Inline(r.Source))
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
			fmt.Fprintf(b, "| | | … and %d more%s | |\n", len(rv.Decisions)-i, notPermitted(rv.Decisions[i:]))
			break
		}
		lines := "whole file"
		if d.Lines != "" {
			lines = inert.CodeCell(d.Lines)
		}
		fmt.Fprintf(b, "| %s | %s | %s %s | %s |\n", inert.CodeCell(d.Path), lines, verdictIcon(d.Verdict), inert.Inline(d.Verdict), inert.Inline(d.Decided))
	}
	if rv.Incomplete != "" {
		fmt.Fprintf(b, "\n%s\n", inert.Inline(rv.Incomplete))
	}
}

// notPermitted counts the rows past the table's bound that are not
// permitted, so an escalation is never hidden by the bound.
func notPermitted(rest []gate.RevertDecision) string {
	n := 0
	for _, d := range rest {
		if d.Verdict != "permitted" {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", %d of them not permitted", n)
}

// tail renders command output, or for the meaning digest only that there
// is some: output carries timings and temporary paths that differ on every
// run while the verdict beside it stays the same.
func (c comment) tail(title, out string) string {
	if c.forMeaning {
		if strings.TrimSpace(out) == "" {
			return ""
		}
		return "\n(" + title + ")\n"
	}
	return outputTail(title, out)
}
