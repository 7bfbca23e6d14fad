package inert

import "testing"

// zw is the breaker, short for the tables.
const zw = Breaker

func TestTextBreaksWhatAReaderWouldObey(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain text is unchanged", "STORY-001 Reject bad orders", "STORY-001 Reject bad orders"},
		{"a path is unchanged", "stories/STORY-001.md", "stories/STORY-001.md"},
		{"a slash inside a line is no command", "see /approve-plan", "see /approve-plan"},
		{"storygate's marker", `<!-- storygate:decision {"source":1} -->`, "<" + zw + `!-- storygate:decision {"source":1} -->`},
		{"a tag", "<img src=x>", "<" + zw + "img src=x>"},
		{"a mention", "ping @maintainer and @org/team", "ping @" + zw + "maintainer and @" + zw + "org/team"},
		{"a reference that decodes to @", "&#64;maintainer &lt;!--", "&" + zw + "#64;maintainer &" + zw + "lt;!--"},
		{"an ampersand that starts nothing", "a & b &", "a & b &"},
		{"a command on its own line", "ok\n/approve-plan STORY-001\n", "ok\n" + zw + "/approve-plan STORY-001\n"},
		{"an indented command", "  /block", zw + "  /block"},
		{"a command after a carriage return", "x\r/accept-result", "x\r" + zw + "/accept-result"},
		{"a command after a line separator", "x\u2028/reopen", "x\u2028" + zw + "/reopen"},
		{"a fence", "```\n~~~", zw + "```\n" + zw + "~~~"},
		{"an author's breaker is kept, not doubled", "<" + zw + "b> @" + zw + "x", "<" + zw + "b> @" + zw + "x"},
		{"invalid UTF-8 passes as it is", "\xff<", "\xff<" + zw},
	}
	for _, tt := range tests {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("%s: Text(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestMarkdownHelpers(t *testing.T) {
	tests := []struct{ name, got, want string }{
		{"inline plain", Inline("Reject bad orders"), "Reject bad orders"},
		{"inline syntax", Inline("a|b *c* _d_ [e](f) `g` \\"), `a\|b \*c\* \_d\_ \[e\](f) \` + "`g\\` " + `\\`},
		{"inline folds lines, breaking the command first", Inline("x\n/block"), "x " + zw + "/block"},
		{"code plain", Code("go test ./..."), "`go test ./...`"},
		{"code with backticks", Code("a `b` ``c``"), "``` a `b` ``c`` ```"},
		{"code starting with a backtick", Code("`x"), "`` `x ``"},
		{"code starting with a slash is not at a line start", Code("/approve-plan STORY-1"), "`/approve-plan STORY-1`"},
		{"code folds lines and breaks the marker", Code("a\n<!--"), "`a <" + zw + "!--`"},
		{"empty code", Code(""), "`" + zw + "`"},
		{"code in a cell", CodeCell("a|b"), "`a\\|b`"},
		{"block", Block("text", "ok\n```\n/approve-plan\n"), "````text\nok\n" + zw + "```\n" + zw + "/approve-plan\n````"},
		{"block longer than the text's runs", Block("", "a ````` b"), "``````\na ````` b\n``````"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}
