package gate

import (
	"strings"
	"unicode/utf8"
)

// Clean makes s fit the document: invalid UTF-8 and control characters
// (terminal colour codes in test output, carriage returns) are dropped, and
// the text is cut to at most limit bytes on a rune boundary, keeping the end
// when tail is set (where a test runner prints its summary) and the start
// otherwise. It does not make text safe to render: the document crosses
// from the unprivileged job to publish as data, so the printers neutralize
// what they render themselves (package inert), whatever a document holds.
func Clean(s string, limit int, tail bool) string {
	s = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || (r < 0x20 && r != '\t' && r != '\n') || r == 0x7f {
			return -1
		}
		return r
	}, stripANSI(s))
	if len(s) <= limit {
		return s
	}
	if tail {
		cut := len(s) - limit
		for cut < len(s) && !utf8.RuneStart(s[cut]) {
			cut++
		}
		return s[cut:]
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// CleanShort cleans a one-line field (titles, IDs, names).
func CleanShort(s string) string {
	return Clean(strings.Join(strings.Fields(s), " "), maxShort, false)
}

// CleanText cleans a multi-line field, keeping its beginning.
func CleanText(s string) string { return Clean(s, maxText, false) }

// CleanTail cleans command output, keeping its end.
func CleanTail(s string) string { return Clean(s, maxText/4, true) }

// stripANSI removes CSI escape sequences (ESC [ … final byte) so coloured
// output reads as text rather than as stray brackets.
func stripANSI(s string) string {
	if !strings.Contains(s, "\x1b[") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b || i+1 >= len(s) || s[i+1] != '[' {
			b.WriteByte(s[i])
			continue
		}
		j := i + 2
		for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
			j++
		}
		i = j
	}
	return b.String()
}
