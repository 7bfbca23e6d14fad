package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/inert"
)

// MaxCommentChars is GitHub's limit on a comment body.
const MaxCommentChars = 65536

// MarkdownOptions shapes the Markdown report.
type MarkdownOptions struct {
	// Limit bounds the report's size in bytes (which bounds characters);
	// zero means MaxCommentChars less room for the sticky marker.
	Limit int
	// Approvers is the trusted policy on who may pass a human gate (the
	// base branch's approvers:); nil when the caller has none, and then the
	// comment only points at the setting.
	Approvers *config.Approvers
	// Pinned says the checks and decision receipts the report stands for
	// are pinned to storygate's own GitHub App, through which no workflow
	// token can post; false (Actions-only mode) makes the comment say at
	// its top that any workflow of the repository can forge them.
	Pinned bool
}

// Markdown renders the results document as the PR comment and job summary:
// the gates, then per story its state, the next step (the command to type
// and who may type it), findings linked to their lines at the head commit,
// verification table with the output of failed reruns, revert verdict and
// a Mermaid diagram of its path through the state machine. Everything taken
// from the change under review is escaped, so a story or a command's output
// cannot inject markup, mentions, commands or diagram syntax.
//
// The text has no durations or times, and what may still differ from run
// to run with the same meaning (the workflow run link, the text of command
// output) is left out of the meaning digest that ends the comment (see
// Meaning). Blocks that do not
// fit under the limit are counted and linked to the check runs, not cut in
// half.
func Markdown(res *gate.Results, opts MarkdownOptions) string {
	limit := opts.Limit
	if limit <= 0 {
		limit = MaxCommentChars - 200
	}
	c := commentOf(res, opts)
	m := c
	m.forMeaning = true
	var b, meaning strings.Builder
	b.WriteString(c.header())
	meaning.WriteString(b.String())
	footer, stableFooter := c.footer(), c.stableFooter()
	blocks, meaningBlocks := c.blocks(), m.blocks()
	room := limit - len(footer) - len(stableFooter) - len(meaningMarker) - sha256.Size*2 - len(" -->\n") - maxOmittedNote
	for i, render := range blocks {
		s := render()
		if b.Len()+len(s) > room {
			b.WriteString(c.omitted(len(blocks) - i))
			meaning.WriteString(c.omitted(len(blocks) - i))
			break
		}
		b.WriteString(s)
		meaning.WriteString(meaningBlocks[i]())
	}
	b.WriteString(stableFooter)
	meaning.WriteString(stableFooter)
	b.WriteString(footer)
	b.WriteString(meaningMarker + digest(meaning.String()) + " -->\n")
	return b.String()
}

// blocks are the comment's sections between the header and the footer, in
// order, each rendered by its own function; one that has nothing to say
// gives no block. A new section is one more entry here. A story's section
// is rendered only when asked for: a comment holds a few hundred, and a
// pull request changing thousands of stories must not render them all to
// throw most away.
func (c comment) blocks() []func() string {
	var out []func() string
	for _, s := range append(c.detailBlocks(), c.looseFindings(), c.unclaimedRevert(), c.untouched()) {
		if s != "" {
			out = append(out, func() string { return s })
		}
	}
	return append(out, c.storySections()...)
}

// maxOmittedNote is room kept for the note that says what did not fit.
const maxOmittedNote = 400

// meaningMarker starts the hidden last line of the comment (see
// github.MeaningMarker): the digest of everything in it except what changes
// on every run without changing what the comment says: the link to the
// run, and the text of command output (timings, temporary paths; whether
// there is output still counts).
const meaningMarker = github.MeaningMarker

// Meaning returns the meaning digest a comment written by Markdown ends
// with, or "" when body has none. Two comments with the same digest say the
// same thing, so the writer leaves the posted one alone.
func Meaning(body string) string { return github.Meaning(body) }

func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// comment is what every section of one comment reads.
type comment struct {
	res   *gate.Results
	links links
	who   string
	// allowAuthor is the trusted policy's approvers.allow_author: the
	// header says so, since the author may then approve its own work.
	allowAuthor bool
	// pinned is MarkdownOptions.Pinned.
	pinned bool
	// forMeaning renders for the meaning digest: command output is left out.
	forMeaning bool
}

func commentOf(res *gate.Results, opts MarkdownOptions) comment {
	return comment{res: res, links: linksOf(res.Event), who: whoMayDecide(opts.Approvers),
		allowAuthor: opts.Approvers != nil && opts.Approvers.AllowAuthor, pinned: opts.Pinned}
}

func (c comment) header() string {
	var b strings.Builder
	res := c.res
	fmt.Fprintf(&b, "## %s storygate: %s\n\n", icon(res.Conclusion), phrase(res.Conclusion))
	b.WriteString(unsandboxedLine(res.Isolation))
	b.WriteString(actionsOnlyLine(c.pinned))
	b.WriteString(allowAuthorLine(c.allowAuthor))
	b.WriteString("| Check | Result | Summary |\n|---|---|---|\n")
	for _, g := range res.Gates {
		fmt.Fprintf(&b, "| %s | %s %s | %s |\n", inert.CodeCell(c.checkName(g.Name)), icon(g.Conclusion), g.Conclusion, inert.Inline(g.Title))
	}
	n := res.Counts
	fmt.Fprintf(&b, "\n%s, %s, %s", plural(n.Errors, "error"), plural(n.Warnings, "warning"), plural(n.Notices, "notice"))
	if len(res.Stories) > 0 {
		fmt.Fprintf(&b, " · %d %s in this change", len(res.Stories), storyWord(len(res.Stories)))
	}
	b.WriteString(".\n")
	for _, note := range res.Notes {
		fmt.Fprintf(&b, "\n> %s\n", inert.Inline(note))
	}
	return b.String()
}

// detailBlocks are the Markdown fragments the gates contribute.
func (c comment) detailBlocks() []string {
	var out []string
	for _, g := range c.res.Gates {
		if g.Detail != "" {
			out = append(out, fmt.Sprintf("\n<details><summary>%s</summary>\n\n%s\n\n</details>\n", inert.Inline(c.checkName(g.Name)), g.Detail))
		}
	}
	return out
}

// checkName is gate n's check run in the document's root. Publishing
// posts a document only when its root is the trusted one
// (publish.ToGitHub), so the names shown are the check runs posted.
func (c comment) checkName(n gate.Name) string {
	return gate.Identity{Gate: n, Root: c.res.Root}.CheckName()
}

// looseFindings lists findings on files that are not reported stories
// (test files, records, stage files, stories outside the change).
func (c comment) looseFindings() string {
	isStory := map[string]bool{}
	for _, s := range c.res.Stories {
		isStory[s.File] = true
	}
	var loose []diag.Diagnostic
	for _, d := range c.res.Diagnostics() {
		if !isStory[d.File] {
			loose = append(loose, d)
		}
	}
	if len(loose) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n### Other findings\n\n")
	c.findings(&b, loose, true)
	return b.String()
}

// omitted says how many blocks did not fit, and where they are.
func (c comment) omitted(n int) string {
	where := "the check runs"
	if u := c.links.checks; u != "" {
		where = "[the check runs](" + u + ")"
	}
	return fmt.Sprintf("\n… %d more %s did not fit in this comment (GitHub allows %d characters); %s and the results document have everything.\n",
		n, sectionWord(n), MaxCommentChars, where)
}

// stableFooter is the footer's part that belongs to the meaning.
func (c comment) stableFooter() string {
	parts := []string{}
	if sha := c.res.Event.HeadSHA; sha != "" {
		parts = append(parts, "commit "+inert.Code(sha[:min(12, len(sha))]))
	}
	parts = append(parts, "storygate "+inert.Inline(c.res.Storygate))
	return "\n---\n<sub>" + strings.Join(parts, " · ") + "</sub>\n"
}

// footer links the workflow run, which is new on every run.
func (c comment) footer() string {
	if c.res.Event.RunURL == "" {
		return ""
	}
	return "<sub>[full results of this run](" + linkTarget(c.res.Event.RunURL) + ")</sub>\n"
}

func sectionWord(n int) string {
	if n == 1 {
		return "section"
	}
	return "sections"
}
