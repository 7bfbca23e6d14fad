package inert

import "strings"

// Inline renders s as plain inline Markdown on one line (a heading, a
// list item, a table cell): Text, line breaks folded to spaces, and every
// character Markdown or a table would read as syntax backslash-escaped,
// so the reader sees s as written.
func Inline(s string) string {
	return inlineEscaper.Replace(oneLine(Text(s)))
}

// inlineEscaper escapes Markdown's inline syntax and a table's pipes; the
// backslash first, so an author's backslash cannot undo an escape.
var inlineEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"|", `\|`)

// Code renders s as one inline code span: Text, line breaks folded to
// spaces, inside a run of backticks longer than any in s, so no backtick
// of s closes the span. Outside a table only: use CodeCell in one.
func Code(s string) string {
	return span(neutralize(oneLine(s), false))
}

// CodeCell is Code inside a Markdown table cell, whose pipes GitHub splits
// on even within code: they are escaped, and render as pipes.
func CodeCell(s string) string {
	return strings.ReplaceAll(Code(s), "|", `\|`)
}

// Block renders s as a fenced code block with the info string info (a
// word storygate chooses, such as "text"): Text, inside a fence of
// backticks longer than any run of them in s. Text has already broken
// every line of s that could look like a fence, so none closes it.
func Block(info, s string) string {
	fence := strings.Repeat("`", max(3, longestRun(s, '`')+1))
	return fence + info + "\n" + Text(strings.TrimRight(s, "\n")) + "\n" + fence
}

// span wraps code in a code span. Content beginning or ending with a
// backtick or a space is padded with one space each side, which the
// reader strips again.
func span(code string) string {
	fence := strings.Repeat("`", longestRun(code, '`')+1)
	if code == "" {
		return fence + Breaker + fence
	}
	if strings.HasPrefix(code, "`") || strings.HasSuffix(code, "`") || strings.HasPrefix(code, " ") || strings.HasSuffix(code, " ") {
		code = " " + code + " "
	}
	return fence + code + fence
}

// oneLine folds line breaks to spaces: a code span is inline.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ", "\u0085", " ", "\u2028", " ", "\u2029", " ").Replace(s)
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] != c {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	return longest
}
