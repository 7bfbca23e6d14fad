package rules

import (
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/story"
)

// TestTitleMismatchForms checks which headings match a title, and that the
// finding quotes the heading as written and asks for one that would match.
func TestTitleMismatchForms(t *testing.T) {
	cases := []struct {
		title, heading, want string // want is the message, "" for a match
	}{
		{`Fix issue #`, `# STORY-001 Fix issue #`, ""},
		{`Fix issue #`, `# STORY-001 Fix issue \#`, ""},
		{`Fix issue #`, `# STORY-001 Fix issue # #`, ""},
		{`a \* b`, `# STORY-001 a \* b`, ""},
		{"Caf\u00e9", "# STORY-001 Cafe\u0301", ""},
		{`Example story`, `#   STORY-001   Example story  #`, ""},
		{`Fix issue #`, `# STORY-001 Fix bug #`, `title heading is "# STORY-001 Fix bug #"; from the frontmatter it must be "# STORY-001 Fix issue #"`},
		{`Fix issue #`, `# STORY-001 Fix issue`, `title heading is "# STORY-001 Fix issue"; from the frontmatter it must be "# STORY-001 Fix issue #"`},
		{`Example story`, `# STORY-001 Example Story`, `title heading is "# STORY-001 Example Story"; from the frontmatter it must be "# STORY-001 Example story"`},
	}
	for _, c := range cases {
		src := "---\nid: STORY-001\ntitle: '" + c.title + "'\n---\n\n" + c.heading + "\n"
		var out []diag.Diagnostic
		RunFile([]*Rule{titleMismatch}, Unit{Head: story.Parse("STORY-001.md", []byte(src))}, false, &out)
		got := ""
		if len(out) > 0 {
			got = out[0].Message
		}
		if len(out) > 1 || got != c.want {
			t.Errorf("title %q, heading %q: got %v; want %q", c.title, c.heading, out, c.want)
		}
	}
}

func TestUnescapeMarkdown(t *testing.T) {
	for in, want := range map[string]string{`a \# b`: "a # b", `\\`: `\`, `\a`: `\a`, `x\`: `x\`, `plain`: "plain", `\*\_`: "*_"} {
		if got := unescapeMarkdown(in); got != want {
			t.Errorf("unescapeMarkdown(%q) = %q, want %q", in, got, want)
		}
	}
}
