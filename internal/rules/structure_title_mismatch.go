package rules

import (
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/story"
)

var titleMismatch = &Rule{Rule: catalog.Must("structure/title-mismatch"),
	CheckFile: func(p *Pass) {
		fm, b := front(p), p.Head.Body
		if fm == nil || b == nil || b.Title == nil || !fm.ID.Set || !fm.Title.Set {
			return
		}
		if sameWords(b.Title.Text, fm.ID.Value, fm.Title.Value) {
			return // the common case, decided without building the other forms
		}
		written := headingAsWritten(p.Head, b.Title)
		for _, form := range []string{unescapeMarkdown(b.Title.Text), strings.TrimPrefix(written, "# ")} {
			if sameWords(form, fm.ID.Value, fm.Title.Value) {
				return
			}
		}
		want := "# " + fm.ID.Value + " " + fm.Title.Value
		p.Report(b.Title.Pos, "title heading is %q; from the frontmatter it must be %q", written, want)
	}}

// A title heading matches when it reads "{ID} {Title}" either as written
// (the template filled in literally, even when the title ends in " #",
// which Markdown takes for the heading's closing sequence) or as Markdown
// shows it (closing sequence dropped, backslash escapes resolved, so
// "Fix issue \#" shows the title "Fix issue #"). Words compare after
// Unicode NFC normalisation: "Café" typed with a combining accent is the
// same title.

// headingAsWritten returns the title heading as the file has it: the ATX
// line without indentation and trailing space, or for a setext heading
// "# " and its text.
func headingAsWritten(s *story.Story, h *story.Block) string {
	line := strings.TrimSpace(s.Line(h.Pos.Line))
	if strings.HasPrefix(line, "# ") || strings.HasPrefix(line, "#\t") {
		return "# " + strings.TrimSpace(line[1:])
	}
	return "# " + h.Text
}

// unescapeMarkdown resolves backslash escapes of ASCII punctuation, as
// CommonMark does in heading text.
func unescapeMarkdown(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isASCIIPunct(c byte) bool {
	return strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) >= 0
}

// sameWords reports whether heading reads "id title", comparing words
// after NFC normalisation and ignoring how much white space separates them.
func sameWords(heading, id, title string) bool {
	h := strings.Fields(heading)
	w := append(strings.Fields(id), strings.Fields(title)...)
	if len(h) != len(w) {
		return false
	}
	for i := range h {
		if h[i] != w[i] && norm.NFC.String(h[i]) != norm.NFC.String(w[i]) {
			return false
		}
	}
	return true
}
