package story

import "strings"

// ListedValue is what a list item names when a section lists paths or
// values that a frontmatter list holds: an item that opens with a code
// span names what the span holds, and the text after it is commentary
// (the item `assets/` followed by "except as named above" names assets/); any other item
// names Clean of its whole text. A backtick run that nothing closes is
// literal, as in CommonMark.
func ListedValue(text string) string {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "`") {
		return Clean(text)
	}
	open := backtickRun(text, 0)
	end := (&codeSpans{s: text}).end(0)
	if end == open {
		return Clean(text) // not closed
	}
	return strings.TrimSpace(text[open : end-open])
}
