package records

import (
	"fmt"
	"regexp"
	"strings"
)

// The pack writes its patterns in Python's re syntax (inline flags such as
// (?i) only exist there, not in ECMA-262). Go's RE2 shares most of it; the
// rewrites below keep the places where they differ faithful to Python, and
// docs/records.md lists them with the differences that remain.
const (
	// pyEnd is Python's "$" without MULTILINE: end of text, or just before a
	// final newline. RE2's "$" is end of text only, which a YAML block
	// scalar ("model\n") would slip past.
	pyEnd = `(?:$|\n\z)`
	// Python's \d, \w and \s are Unicode-aware for str patterns; RE2's are
	// ASCII. These are their Unicode class bodies.
	pyDigit = `\p{Nd}`
	pyWord  = `\p{L}\p{N}_`
	pySpace = `\s\v\p{Z}\x{1c}-\x{1f}\x{85}`
)

// CompilePattern translates a pattern from the pack's syntax to RE2 and
// compiles it. Constructs RE2 lacks (lookaround, backreferences) are errors.
func CompilePattern(pattern string) (*regexp.Regexp, error) {
	re, err := regexp.Compile(TranslatePattern(pattern))
	if err != nil {
		return nil, fmt.Errorf("pattern %q is not supported (RE2 has no lookaround or backreferences): %w", pattern, err)
	}
	return re, nil
}

// TranslatePattern rewrites Python re syntax into the RE2 equivalent.
func TranslatePattern(p string) string {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p):
			b.WriteString(translateEscape(p[i+1:i+2], inClass))
			i++
		case inClass:
			inClass = c != ']' || classJustOpened(p, i)
			b.WriteByte(c)
		case c == '[':
			inClass = true
			b.WriteByte(c)
		case c == '$':
			b.WriteString(pyEnd)
		case c == '{' && strings.HasPrefix(p[i:], "{,") && closesRepeat(p[i+2:]):
			b.WriteString("{0,") // Python's {,n} means {0,n}; RE2 reads it literally.
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// classJustOpened reports whether the ']' at i is the first character of a
// class ("[]" or "[^]"), where it is a literal.
func classJustOpened(p string, i int) bool {
	return (i >= 1 && p[i-1] == '[' && !escaped(p, i-1)) ||
		(i >= 2 && p[i-1] == '^' && p[i-2] == '[' && !escaped(p, i-2))
}

func escaped(p string, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && p[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// closesRepeat reports whether s starts with digits and a closing brace.
func closesRepeat(s string) bool {
	j := 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return j > 0 && j < len(s) && s[j] == '}'
}

func translateEscape(c string, inClass bool) string {
	if inClass {
		switch c {
		case "d":
			return pyDigit
		case "D":
			return `\P{Nd}`
		case "w":
			return pyWord
		case "s":
			return pySpace
		}
		return `\` + c
	}
	switch c {
	case "Z":
		return `\z`
	case "d":
		return pyDigit
	case "D":
		return `\P{Nd}`
	case "w":
		return "[" + pyWord + "]"
	case "W":
		return "[^" + pyWord + "]"
	case "s":
		return "[" + pySpace + "]"
	case "S":
		return "[^" + pySpace + "]"
	}
	return `\` + c
}
