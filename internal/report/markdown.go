package report

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/lifecycle"
)

// MaxCommentChars is GitHub's limit on a comment body.
const MaxCommentChars = 65536

// maxFindingsPerStory bounds a story's findings table; the check runs and
// the results document carry the rest.
const maxFindingsPerStory = 25

// MarkdownOptions shapes the Markdown report.
type MarkdownOptions struct {
	// Limit bounds the report's size in bytes (which bounds characters);
	// zero means MaxCommentChars less room for the sticky marker.
	Limit int
}

// Markdown renders the results document as the PR comment and job summary:
// the gates, then per story its state, findings, verification table,
// revert verdict and a Mermaid diagram of its path through the state
// machine. Everything taken from the change under review is escaped, so a
// story cannot inject markup, mentions or diagram syntax. Stories that do
// not fit under the limit are counted, not cut in half.
func Markdown(res *gate.Results, opts MarkdownOptions) string {
	limit := opts.Limit
	if limit <= 0 {
		limit = MaxCommentChars - 200
	}
	var b strings.Builder
	writeHeader(&b, res)
	footer := footerOf(res)
	sections := storySections(res)
	for i, s := range sections {
		if b.Len()+len(s)+len(footer)+200 > limit {
			fmt.Fprintf(&b, "\n… %d more stories are not shown here; the check runs and the results document have them.\n", len(sections)-i)
			break
		}
		b.WriteString(s)
	}
	b.WriteString(footer)
	return b.String()
}

func writeHeader(b *strings.Builder, res *gate.Results) {
	fmt.Fprintf(b, "## %s storygate: %s\n\n", icon(res.Conclusion), phrase(res.Conclusion))
	b.WriteString("| Check | Result | Summary |\n|---|---|---|\n")
	for _, g := range res.Gates {
		fmt.Fprintf(b, "| `%s` | %s %s | %s |\n", g.Name.CheckName(), icon(g.Conclusion), g.Conclusion, cell(g.Title))
	}
	c := res.Counts
	fmt.Fprintf(b, "\n%s, %s, %s", plural(c.Errors, "error"), plural(c.Warnings, "warning"), plural(c.Notices, "notice"))
	if len(res.Stories) > 0 {
		fmt.Fprintf(b, " · %d %s in this change", len(res.Stories), storyWord(len(res.Stories)))
	}
	b.WriteString(".\n")
	for _, n := range res.Notes {
		fmt.Fprintf(b, "\n> %s\n", escapeText(n))
	}
	for _, g := range res.Gates {
		if g.Detail != "" {
			fmt.Fprintf(b, "\n<details><summary>%s</summary>\n\n%s\n\n</details>\n", g.Name.CheckName(), g.Detail)
		}
	}
	writeLooseFindings(b, res)
}

// writeLooseFindings lists findings on files that are not reported stories
// (test files, records, stage files, stories outside the change).
func writeLooseFindings(b *strings.Builder, res *gate.Results) {
	isStory := map[string]bool{}
	for _, s := range res.Stories {
		isStory[s.File] = true
	}
	var loose []diag.Diagnostic
	for _, d := range res.Diagnostics() {
		if !isStory[d.File] {
			loose = append(loose, d)
		}
	}
	if len(loose) > 0 {
		b.WriteString("\n### Other findings\n\n")
		writeFindings(b, loose, true)
	}
}

func footerOf(res *gate.Results) string {
	var parts []string
	if res.Event.HeadSHA != "" {
		parts = append(parts, "commit `"+res.Event.HeadSHA[:min(12, len(res.Event.HeadSHA))]+"`")
	}
	if res.Event.RunURL != "" {
		parts = append(parts, "[full results]("+linkTarget(res.Event.RunURL)+")")
	}
	parts = append(parts, "storygate "+escapeText(res.Storygate))
	return "\n---\n<sub>" + strings.Join(parts, " · ") + "</sub>\n"
}

// storySections renders each story as one section.
func storySections(res *gate.Results) []string {
	byFile := map[string][]diag.Diagnostic{}
	for _, d := range res.Diagnostics() {
		byFile[d.File] = append(byFile[d.File], d)
	}
	out := make([]string, 0, len(res.Stories))
	for _, s := range res.Stories {
		out = append(out, storySection(s, byFile[s.File]))
	}
	return out
}

func storySection(s gate.Story, ds []diag.Diagnostic) string {
	var b strings.Builder
	name := s.ID
	if name == "" {
		name = s.File
	}
	fmt.Fprintf(&b, "\n### %s %s\n\n", escapeText(name), escapeText(s.Title))
	fmt.Fprintf(&b, "`%s` · state **%s**", codeText(s.File), escapeText(orUnknown(s.State)))
	if s.BaseState != "" && s.BaseState != s.State {
		fmt.Fprintf(&b, " (was **%s**)", escapeText(s.BaseState))
	}
	if state := lifecycle.State(s.State); lifecycle.IsGate(state) {
		fmt.Fprintf(&b, " · ✋ waits for a human decision: %s", strings.Join(lifecycle.Names(lifecycle.EventsFrom(state)), ", "))
	}
	b.WriteString("\n")
	if len(ds) > 0 {
		b.WriteString("\n**Findings**\n\n")
		writeFindings(&b, ds, false)
	}
	writeVerification(&b, s.Verification, s.NotRecomputed)
	writeRevert(&b, s.Revert, s.NotRecomputed)
	if d := Mermaid(s); d != "" {
		b.WriteString("\n```mermaid\n" + d + "```\n")
	}
	return b.String()
}

func writeFindings(b *strings.Builder, ds []diag.Diagnostic, withFile bool) {
	if withFile {
		b.WriteString("| | Location | Rule | Message |\n|---|---|---|---|\n")
	} else {
		b.WriteString("| | Line | Rule | Message |\n|---|---|---|---|\n")
	}
	for i, d := range ds {
		if i == maxFindingsPerStory {
			fmt.Fprintf(b, "| | | | … and %d more |\n", len(ds)-i)
			break
		}
		where := fmt.Sprint(d.Line)
		if withFile {
			where = fmt.Sprintf("`%s:%d`", codeText(d.File), d.Line)
		}
		fmt.Fprintf(b, "| %s | %s | `%s` | %s |\n", severityIcon(d.Severity), where, codeText(d.Rule), cell(d.Message))
	}
}

// notRecomputed marks rows publish took from the unprivileged run.
func notRecomputed(taken bool) string {
	if taken {
		return " _(" + gate.NotRecomputedNote + ")_"
	}
	return ""
}

func writeVerification(b *strings.Builder, checks []gate.Check, taken bool) {
	if len(checks) == 0 {
		return
	}
	b.WriteString("\n**Verification rerun**" + notRecomputed(taken) + "\n\n| ID | Command | Claimed | Rerun | Exit | Time |\n|---|---|---|---|---|---|\n")
	for _, c := range checks {
		fmt.Fprintf(b, "| %s | `%s` | %s | %s %s | %d | %s |\n", cell(c.ID), codeText(c.Command), cell(orDash(c.Claimed)),
			verdictIcon(c.Verdict), cell(c.Verdict), c.ExitCode, duration(c.DurationMS))
	}
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
}
