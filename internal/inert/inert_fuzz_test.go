package inert

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/command"
)

// FuzzText: for any input, Text's output holds no HTML comment (so no
// storygate marker), no tag, no character reference, no unbroken @, and
// no line that starts a command or a fence, for the command parser or
// any reader splitting at other line breaks; it deletes nothing, and
// neutralizing twice is neutralizing once. Code and Block keep the same
// promises inside their spans. The corpus is testdata/fuzz/FuzzText.
func FuzzText(f *testing.F) {
	for _, s := range []string{
		`<!-- storygate:decision {"story":"STORY-002","source":1} -->`,
		"<!-- storygate:sticky -->\n✅ all gates pass",
		"@maintainer\n/approve-plan STORY-001\n<img src=x>",
		"\r/accept-result\u2028  /block\n```\n~~~",
		"&#64;x &lt;!-- &amp; <\u200b!--",
		"plain STORY-001",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Text(s)
		if reason := notInert(out, true); reason != "" {
			t.Fatalf("Text(%q) = %q: %s", s, out, reason)
		}
		if again := Text(out); again != out {
			t.Fatalf("Text is not idempotent on %q: %q then %q", s, out, again)
		}
		if strip(out) != strip(s) {
			t.Fatalf("Text(%q) = %q changed the text, not only broke it", s, out)
		}
		for _, rendered := range []string{Code(s), CodeCell(s), Block("text", s), Inline(s)} {
			if reason := notInert(rendered, false); reason != "" {
				t.Fatalf("%q rendered as %q: %s", s, rendered, reason)
			}
		}
	})
}

// notInert names the first thing in out a reader would obey, or "".
// Lines are checked only when the text stands at line starts (Text's
// output as it is), not inside storygate's own code span or fence line.
func notInert(out string, lines bool) string {
	for i := 0; i < len(out); i++ {
		next := out[i+1:]
		switch {
		case (out[i] == '<' || out[i] == '@') && !strings.HasPrefix(next, Breaker):
			return "an unbroken " + string(out[i])
		case out[i] == '&' && next != "" && (next[0] == '#' || isASCIILetter(next[0])):
			return "a character reference"
		}
	}
	if strings.Contains(out, "<!--") {
		return "a marker"
	}
	if cmds := command.Parse(out); len(cmds) != 0 {
		return "the command " + cmds[0].Text()
	}
	if !lines {
		return ""
	}
	for _, line := range strings.FieldsFunc(out, func(r rune) bool { return isLineBreak(r) }) {
		if opensLine(line) {
			return "the line " + line
		}
	}
	return ""
}

// strip is s without breakers.
func strip(s string) string { return strings.ReplaceAll(s, Breaker, "") }
