package report

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

// injected are tags the comment never writes itself: seeing one in the
// rendered page means text from the change became markup.
var injected = regexp.MustCompile(`(?i)<(img|script|iframe|style|input|form|a\s+name|table\s|h[1-6] )`)

// headings counts the page's headings; injected text must not add any.
var headings = regexp.MustCompile(`<h[1-6]>`)

// mention is an @ followed by a name: GitHub would notify someone.
var mention = regexp.MustCompile(`@[A-Za-z0-9_-]`)

// FuzzCommentIsInert puts arbitrary text where a story and a command's
// output reach the comment (title, ID, a finding's message, a rerun's
// output) and checks that it stays text: no markup, no HTML comment (so no
// storygate marker) but the comment's own, no mention, no slash command,
// the <details> blocks balanced, and under the limit.
func FuzzCommentIsInert(f *testing.F) {
	f.Add("Reject <b>orders</b> @octocat", "STORY-001", "msg | x", hostileOutput)
	f.Add("```", "/approve-plan STORY-1", "<script>alert(1)</script>", "```\n</details>\n<img src=x>")
	f.Add("[x](javascript:alert(1))", "STORY-2\n/block", "@@team/x", "~~~\n   ```\n/unblock done\n")
	f.Add("<!-- storygate:sticky -->", `<!-- storygate:decision {"source":1} -->`, "&lt;!-- &#64;x", "<!-- storygate:meaning sha256:0 -->\n/approve-plan STORY-001")
	want := len(headings.FindAllString(renderHTML(f, Markdown(sampleResults(), MarkdownOptions{})), -1))
	f.Fuzz(func(t *testing.T, title, id, message, output string) {
		if !utf8.ValidString(title + id + message + output) {
			t.Skip("the results document holds UTF-8 only")
		}
		res := sampleResults()
		res.Stories[0].Title, res.Stories[1].ID = gate.CleanShort(title), gate.CleanShort(id)
		res.Stories[0].Verification[1].OutputTail = gate.CleanTail(output)
		res.Gates[0].Diagnostics = append(res.Gates[0].Diagnostics,
			diag.Diagnostic{Rule: "x/y", Severity: diag.SeverityError, File: "stories/STORY-001.md", Line: 1, Column: 1, Message: gate.CleanText(message)})
		res.Finish()
		md := Markdown(res, MarkdownOptions{Approvers: sampleApprovers()})
		if len(md) > MaxCommentChars-200 {
			t.Fatalf("comment of %d bytes", len(md))
		}
		if cmds := command.Parse(md); len(cmds) != 0 {
			t.Fatalf("the comment issues %+v", cmds)
		}
		if n := strings.Count(md, "<!--"); n != 1 {
			t.Fatalf("the comment holds %d HTML comments, not only its meaning marker:\n%s", n, md)
		}
		if m := mention.FindString(md); m != "" {
			t.Fatalf("the comment mentions %q", m)
		}
		page := renderHTML(t, md)
		if m := injected.FindString(page); m != "" {
			t.Fatalf("markup %q reached the page:\n%s", m, page)
		}
		if n := len(headings.FindAllString(page, -1)); n != want {
			t.Fatalf("%d headings, want %d:\n%s", n, want, page)
		}
		if strings.Count(page, "<details>") != strings.Count(page, "</details>") {
			t.Fatalf("unbalanced <details>:\n%s", page)
		}
	})
}
