package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/storygate/storygate/internal/inert"
)

// Cause is why one command failed, in its own words: the last lines of
// its stderr (verify.Cause, already bounded), at the finding it explains.
type Cause struct {
	File string
	Line int
	// ID names the command (a verification item's ID).
	ID string
	// Stderr is the command's text, which an agent controls: printCauses
	// neutralizes it.
	Stderr string
}

// printCauses writes each cause under a header naming its place, every
// line indented behind "| " and made inert, so a line of it is never
// taken for a finding, a workflow command, a slash command or markup
// where the text output is pasted or rendered.
func printCauses(w io.Writer, causes []Cause) error {
	for _, c := range causes {
		lines := strings.Split(c.Stderr, "\n")
		if _, err := fmt.Fprintf(w, "%s:%d: %s stderr, last %s:\n", oneLine(c.File), c.Line, oneLine(c.ID), plural(len(lines), "line")); err != nil {
			return fmt.Errorf("write text report: %w", err)
		}
		for _, l := range lines {
			if _, err := fmt.Fprintf(w, "    | %s\n", inert.Text(l)); err != nil {
				return fmt.Errorf("write text report: %w", err)
			}
		}
	}
	return nil
}

// oneLine keeps a header on one line and inert.
func oneLine(s string) string {
	return inert.Text(strings.Join(strings.Fields(s), " "))
}
