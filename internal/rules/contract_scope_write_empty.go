package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var scopeWriteEmpty = &Rule{Rule: catalog.Must("contract/scope-write-empty"),
	CheckFile: func(p *Pass) {
		if fm := front(p); fm != nil && writeEmptyTooLate(fm) {
			p.Report(fm.Scope.Write.Pos, "scope.write is empty at state %s; the generator must be granted the paths it may change before generating", fm.State.Value)
		}
	}}

// writeEmptyTooLate reports whether scope.write is present and empty (or
// null) while the story is at generating or later.
func writeEmptyTooLate(fm *story.Frontmatter) bool {
	w := fm.Scope.Write
	return fm.Scope.HasWrite && lifecycle.AtOrAfter(fm.CurrentState(), lifecycle.Generating) &&
		len(w.Items) == 0 && (w.Null || w.Set)
}
