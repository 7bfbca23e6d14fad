package story

import "strings"

// Line classifiers of the scanner, after CommonMark's block rules.

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

func isTableLine(s string) bool { return strings.HasPrefix(strings.TrimSpace(s), "|") }

// trimIndent strips leading spaces and tabs (a tab counts to the next multiple of 4).
func trimIndent(s string) (string, int) {
	width := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ':
			width++
		case '\t':
			width += 4 - width%4
		default:
			return s[i:], width
		}
	}
	return "", width
}

// atxLevel returns the level of an ATX heading line, or 0.
func atxLevel(t string) int {
	n := 0
	for n < len(t) && t[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (n < len(t) && t[n] != ' ' && t[n] != '\t') {
		return 0
	}
	return n
}

// setextLevel returns 1 for a === underline, 2 for ---, else 0.
func setextLevel(t string) int {
	s := strings.TrimRight(t, " \t")
	switch {
	case s == "":
		return 0
	case strings.Trim(s, "=") == "":
		return 1
	case strings.Trim(s, "-") == "":
		return 2
	}
	return 0
}

func isThematicBreak(t string) bool {
	if t == "" || !strings.ContainsRune("-*_", rune(t[0])) {
		return false
	}
	n := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case t[0]:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// fenceMarker returns the opening ``` or ~~~ run of a code fence, or "".
func fenceMarker(t string) string {
	if len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return ""
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 || (t[0] == '`' && strings.ContainsRune(t[n:], '`')) {
		return ""
	}
	return t[:n]
}

// listMarkerLen returns the length of a list marker starting t, or 0. An
// ordered list interrupts a paragraph only when it starts at 1, and an
// empty item never does (CommonMark 5.2).
func listMarkerLen(t string, inParagraph bool) int {
	n := 0
	switch {
	case t == "":
		return 0
	case strings.ContainsRune("-*+", rune(t[0])):
		n = 1
	default:
		for n < len(t) && n < 9 && t[n] >= '0' && t[n] <= '9' {
			n++
		}
		if n == 0 || n >= len(t) || (t[n] != '.' && t[n] != ')') || (inParagraph && t[:n] != "1") {
			return 0
		}
		n++
	}
	if n < len(t) && t[n] != ' ' && t[n] != '\t' {
		return 0
	}
	if inParagraph && strings.TrimSpace(t[n:]) == "" {
		return 0
	}
	return n
}

// startsBlock reports whether a line would open a new block rather than
// continue a paragraph lazily.
func startsBlock(t string) bool {
	return atxLevel(t) > 0 || fenceMarker(t) != "" || isThematicBreak(t) || listMarkerLen(t, true) > 0 ||
		strings.HasPrefix(t, ">")
}
