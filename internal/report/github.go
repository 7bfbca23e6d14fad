package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/inert"
)

// printGitHub writes GitHub Actions workflow commands, which the runner turns
// into annotations on the pull request.
func printGitHub(w io.Writer, doc Document) error {
	for _, d := range doc.Diagnostics {
		if _, err := fmt.Fprintln(w, WorkflowCommand(d)); err != nil {
			return fmt.Errorf("write github report: %w", err)
		}
	}
	return nil
}

// WorkflowCommand renders d as one ::error/::warning/::notice command.
func WorkflowCommand(d diag.Diagnostic) string {
	return fmt.Sprintf("::%s file=%s,line=%d,col=%d,title=%s::%s",
		githubLevel(d.Severity), escapeProperty(d.File), d.Line, d.Column,
		escapeProperty(inert.Text(d.Rule)), escapeData(inert.Text(d.Message+" ["+d.Rule+"]")))
}

func githubLevel(s diag.Severity) string {
	switch s {
	case diag.SeverityError:
		return "error"
	case diag.SeverityWarning:
		return "warning"
	}
	return "notice"
}

// escapeData follows the runner's escaping for a command's message.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty also escapes the separators of the property list.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
