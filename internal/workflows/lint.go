package workflows

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/rhysd/actionlint"
)

// Lint runs actionlint on a workflow, as part of the repository at root
// (for local actions and actionlint's configuration). shellcheck and
// pyflakes are not run: the result must not depend on the machine.
func Lint(root string, f File) ([]Finding, error) {
	linter, err := actionlint.NewLinter(io.Discard, &actionlint.LinterOptions{})
	if err != nil {
		return nil, fmt.Errorf("actionlint: %w", err)
	}
	project, err := actionlint.NewProject(root)
	if err != nil {
		return nil, fmt.Errorf("actionlint: %w", err)
	}
	errs, err := linter.Lint(filepath.Join(root, filepath.FromSlash(f.Path)), f.Content, project)
	if err != nil {
		return nil, fmt.Errorf("actionlint %s: %w", f.Path, err)
	}
	out := make([]Finding, 0, len(errs))
	for _, e := range errs {
		out = append(out, Finding{Path: f.Path, Line: f.Line + e.Line, Column: e.Column, Message: e.Message, Rule: "actionlint/" + e.Kind})
	}
	return out, nil
}
