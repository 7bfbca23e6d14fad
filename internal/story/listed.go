package story

import "strings"

// ListedValue is what a list item names when a section lists paths or
// values that a frontmatter list holds: an item that opens with a code
// span names what the span holds, and the text after it is commentary
// (the item `assets/` followed by "except as named above" names assets/); any other item
// names Clean of its whole text. A backtick run that nothing closes is
// literal, as in CommonMark.
func ListedValue(text string) string {
	if content, _, ok := leadingSpan(text); ok {
		return content
	}
	return Clean(strings.TrimSpace(text))
}

// ListedNames are the names a scope entry is known by, the same for an
// entry of a frontmatter list and an item of its section, so that both
// sides are read by one function: first ListedValue (the path it names),
// then, for an entry that opens with a code span and goes on, its whole
// text with that span's backticks dropped (the path and its commentary).
// The frontmatter entry `assets/ except as named above` and the section
// item whose code span holds assets/ followed by the same words share the
// second name; that item and the bare entry `assets/` share the first.
func ListedNames(text string) []string {
	content, rest, ok := leadingSpan(text)
	if !ok {
		return []string{ListedValue(text)}
	}
	if whole := strings.TrimSpace(content + rest); whole != content {
		return []string{content, whole}
	}
	return []string{content}
}

// leadingSpan splits text (trimmed) that opens with a closed code span
// into the span's content (trimmed) and what follows the span.
func leadingSpan(text string) (content, rest string, ok bool) {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "`") {
		return "", "", false
	}
	open := backtickRun(text, 0)
	end := (&codeSpans{s: text}).end(0)
	if end == open {
		return "", "", false // not closed
	}
	return strings.TrimSpace(text[open : end-open]), text[end:], true
}
