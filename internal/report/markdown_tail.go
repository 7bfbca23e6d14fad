package report

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/inert"
)

// Bounds on an output tail in the comment: the end of the output, where
// test runners print what failed, in at most this many lines and bytes.
const (
	maxTailLines = 40
	maxTailBytes = 4000
)

// outputTail renders the end of a command's output in a collapsed block.
// The output is the change's own text, so it is made inert (inert.Block):
// it sits in a fenced code block longer than any backtick run in it, no
// line of it can close that fence or look like one, none can start with a
// slash command, and it carries no marker, tag or @mention.
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
	summary := fmt.Sprintf("%s (last %d of %d lines)", inert.Inline(title), len(shown), len(lines))
	if len(shown) == len(lines) {
		summary = inert.Inline(title)
	}
	return "\n<details><summary>" + summary + "</summary>\n\n" + inert.Block("text", text) + "\n\n</details>\n"
}

// cause renders the last lines of a failed rerun's stderr in the open,
// above its collapsed output: why it failed, at a glance. The lines are
// the change's own text, made inert as outputTail's are.
func cause(id, stderr string) string {
	return "\n" + inert.Inline(id) + " failed; the end of its stderr:\n\n" + inert.Block("text", stderr) + "\n"
}
