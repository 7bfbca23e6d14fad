package collect

import (
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

// cleanDiagnostics makes messages fit the document's bounds; findings
// quote story content, which may hold anything.
func cleanDiagnostics(ds []diag.Diagnostic) []diag.Diagnostic {
	out := make([]diag.Diagnostic, 0, len(ds))
	for _, d := range ds {
		d.Message = gate.CleanText(d.Message)
		d.Line, d.Column = max(d.Line, 1), max(d.Column, 1)
		out = append(out, d)
	}
	diag.Sort(out)
	return out
}
