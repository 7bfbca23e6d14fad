// Package inert makes text storygate did not write safe to render: story
// IDs and titles, paths, command output, comment bodies and the values a
// diagnostic quotes. Every printer (the comment, the job summary, check
// runs and their annotations, SARIF, workflow commands, chatops' replies,
// drift issues) passes such text through Text, alone or through one of the
// Markdown helpers built on it, so that what an agent writes into a story
// or prints from a test is shown, never obeyed: it carries no HTML comment
// (and so none of storygate's markers, which all are one), no HTML tag, no
// @mention and no line a slash-command reader would take for a command.
//
// Text neutralizes by inserting a zero-width space (U+200B) where a reader
// would otherwise see syntax, and deletes nothing, so the rendered text
// reads exactly as written. The space is invisible in plain text, in
// Markdown and inside code, so one function serves every output: a marker
// parser reading the raw body, GitHub's Markdown and the command parser
// all meet the break. It depends on no storygate package.
package inert

import (
	"strings"
	"unicode/utf8"
)

// Breaker is the zero-width space Text inserts.
const Breaker = "\u200b"

const breaker = '\u200b'

// Text neutralizes s, wherever it is rendered:
//
//   - after every '<' comes a zero-width space, so no HTML tag, comment,
//     autolink or storygate marker (<!-- storygate:...) starts;
//   - after every '@' too, so no @mention or @org/team notifies anyone;
//   - after an '&' that would start a character reference (&#64;, &lt;),
//     so no reference decodes into one of the above;
//   - a line whose first character after spaces and tabs is '/' (a slash
//     command), or which opens with ``` or ~~~ (a code fence, which would
//     change where a command reader sees code), starts with one.
//
// A line starts at the beginning of s and after each line break (\n, \r,
// U+0085, U+2028, U+2029). Text deletes nothing: removing every U+200B from
// its result gives s with its own U+200B removed. It is idempotent.
func Text(s string) string { return neutralize(s, true) }

// neutralize is Text; atLineStart says whether s begins a line (false for
// text that follows something storygate wrote on the same line, such as
// the backticks opening a code span).
func neutralize(s string, atLineStart bool) string {
	if !needsWork(s, atLineStart) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	lineStart := atLineStart
	for i := 0; i < len(s); {
		if lineStart && opensLine(s[i:]) {
			b.WriteRune(breaker)
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		b.WriteString(s[i : i+w])
		i += w
		if breaksAfter(r, s[i:]) {
			b.WriteRune(breaker)
		}
		lineStart = isLineBreak(r)
	}
	return b.String()
}

// needsWork is a quick scan for anything Text would change.
func needsWork(s string, atLineStart bool) bool {
	if strings.ContainsAny(s, "<@&") || (atLineStart && opensLine(s)) {
		return true
	}
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		i += w
		if isLineBreak(r) && opensLine(s[i:]) {
			return true
		}
	}
	return false
}

// opensLine reports whether a line beginning with rest must be broken: it
// is a slash command or a code fence once its indentation is skipped.
func opensLine(rest string) bool {
	t := strings.TrimLeft(rest, " \t")
	return strings.HasPrefix(t, "/") || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")
}

// breaksAfter reports whether r, followed by rest, needs a breaker after
// it; one already there (ours or the author's) is enough.
func breaksAfter(r rune, rest string) bool {
	if strings.HasPrefix(rest, Breaker) {
		return false
	}
	switch r {
	case '<', '@':
		return true
	case '&':
		return rest != "" && (rest[0] == '#' || isASCIILetter(rest[0]))
	}
	return false
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isLineBreak reports whether r ends a line for some reader of the text:
// CommonMark ends lines at \n and \r, Unicode also at NEL and the line and
// paragraph separators.
func isLineBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == '\u0085' || r == '\u2028' || r == '\u2029'
}
