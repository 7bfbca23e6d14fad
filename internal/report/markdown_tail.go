package report

import (
	"fmt"
	"strings"
)

// Bounds on an output tail in the comment: the end of the output, where
// test runners print what failed, in at most this many lines and bytes.
const (
	maxTailLines = 40
	maxTailBytes = 4000
)

// outputTail renders the end of a command's output in a collapsed block.
// The output is the change's own text, so it is made inert: it sits in a
// fenced code block (no HTML, no Markdown), no line of it can close that
// fence or look like one, none can start with a slash command, and no
// @mention notifies anyone.
func outputTail(title, out string) string {
	out = strings.TrimRight(out, "\n")
	if strings.TrimSpace(out) == "" {
		return ""
	}
	lines := strings.Split(out, "\n")
	shown := lines[max(0, len(lines)-maxTailLines):]
	for len(shown) > 1 && len(strings.Join(shown, "\n")) > maxTailBytes {
		shown = shown[1:]
	}
	text := strings.Join(shown, "\n")
	if len(text) > maxTailBytes {
		text = text[len(text)-maxTailBytes:]
		text = strings.ToValidUTF8(text, "")
	}
	summary := fmt.Sprintf("%s (last %d of %d lines)", escapeText(title), len(shown), len(lines))
	if len(shown) == len(lines) {
		summary = escapeText(title)
	}
	return "\n<details><summary>" + summary + "</summary>\n\n```text\n" + inertLines(text) + "\n```\n\n</details>\n"
}

// inertLines neutralises each line of command output for a fenced block:
// a zero-width space before anything that a Markdown reader or chatops
// would take for a fence, or chatops for a command, and after every @.
func inertLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		t := strings.TrimLeft(line, " ")
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") || strings.HasPrefix(line, "/") {
			line = "\u200b" + line
		}
		lines[i] = strings.ReplaceAll(line, "@", "@\u200b")
	}
	return strings.Join(lines, "\n")
}
