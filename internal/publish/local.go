package publish

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/report"
)

// Outputs are the action's outputs, set through go-githubactions.
type Outputs interface {
	SetOutput(name, value string)
}

// SetOutputs sets conclusion, errors, warnings, notices, stories and
// results (the document's path).
func SetOutputs(o Outputs, res *gate.Results, resultsPath string) {
	o.SetOutput("conclusion", string(res.Conclusion))
	o.SetOutput("errors", strconv.Itoa(res.Counts.Errors))
	o.SetOutput("warnings", strconv.Itoa(res.Counts.Warnings))
	o.SetOutput("notices", strconv.Itoa(res.Counts.Notices))
	o.SetOutput("stories", strconv.Itoa(len(res.Stories)))
	o.SetOutput("results", resultsPath)
}

// Annotate writes one workflow command per finding, so the runner shows
// them on the pull request's files even without a token that can create
// check runs (report-only mode).
func Annotate(w io.Writer, res *gate.Results) error {
	for _, d := range res.Diagnostics() {
		if _, err := fmt.Fprintln(w, report.WorkflowCommand(d)); err != nil {
			return fmt.Errorf("write annotations: %w", err)
		}
	}
	return nil
}

// Summary is the job summary: the same report as the comment, approvers
// being the trusted policy it names (nil points at the setting) and
// whose pinning to storygate's App (PolicyPinsApp) decides whether it
// says at its top that the checks are forgeable.
func Summary(res *gate.Results, approvers *config.Approvers) string {
	return report.Markdown(res, report.MarkdownOptions{Limit: 1 << 20, Approvers: approvers, Pinned: PolicyPinsApp(approvers)})
}

// AppendFile appends text to the file at path (GITHUB_STEP_SUMMARY).
func AppendFile(path, text string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("append to %s: %w", path, err)
	}
	if _, err := io.WriteString(f, text); err != nil {
		f.Close()
		return fmt.Errorf("append to %s: %w", path, err)
	}
	return f.Close()
}

// WriteSARIF writes every finding as SARIF 2.1.0 for upload-sarif.
func WriteSARIF(path string, res *gate.Results, rules map[string]report.RuleInfo) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write SARIF: %w", err)
	}
	// The findings already name repository paths (the gate run's findings
	// pipeline placed them, internal/findings): the root names only the
	// code-scanning category.
	doc := report.Document{Tool: "gate", Diagnostics: res.Diagnostics(), Rules: rules, Version: res.Storygate, Category: res.Root}
	if err := report.Print(f, "sarif", doc); err != nil {
		f.Close()
		return fmt.Errorf("write SARIF %s: %w", path, err)
	}
	return f.Close()
}
