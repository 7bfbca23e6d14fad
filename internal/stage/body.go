package stage

import "strings"

// Heading is one ATX heading of a stage body.
type Heading struct {
	Level  int
	Text   string
	Line   int
	Column int
}

// scanHeadings lists ATX headings ("# x", "## x"), skipping fenced code
// blocks so a "## Steps" inside an example does not count. firstLine is the
// file line number of lines[0].
func scanHeadings(lines []string, firstLine int) []Heading {
	var out []Heading
	var fence string
	for i, l := range lines {
		trimmed := strings.TrimLeft(l, " ")
		indent := len(l) - len(trimmed)
		if indent > 3 {
			continue
		}
		if fence != "" {
			if closesFence(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if f := openingFence(trimmed); f != "" {
			fence = f
			continue
		}
		if h, ok := atxHeading(trimmed); ok {
			h.Line, h.Column = firstLine+i, indent+1
			out = append(out, h)
		}
	}
	return out
}

// openingFence returns the fence run (``` or ~~~, three or more) a line opens.
func openingFence(l string) string {
	for _, c := range []string{"`", "~"} {
		n := len(l) - len(strings.TrimLeft(l, c))
		if n >= 3 {
			if c == "`" && strings.Contains(l[n:], "`") {
				return "" // a backtick fence's info string may not contain backticks
			}
			return l[:n]
		}
	}
	return ""
}

func closesFence(l, fence string) bool {
	run := len(l) - len(strings.TrimLeft(l, fence[:1]))
	return run >= len(fence) && strings.TrimSpace(l[run:]) == ""
}

// atxHeading parses "#{1,6} text" with optional closing #s.
func atxHeading(l string) (Heading, bool) {
	level := len(l) - len(strings.TrimLeft(l, "#"))
	if level < 1 || level > 6 {
		return Heading{}, false
	}
	rest := l[level:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return Heading{}, false
	}
	text := strings.TrimSpace(rest)
	if t := strings.TrimRight(text, "#"); t != text && (t == "" || strings.HasSuffix(t, " ")) {
		text = strings.TrimSpace(t)
	}
	return Heading{Level: level, Text: text}, true
}
