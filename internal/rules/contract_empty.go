package rules

import (
	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// emptyList reports whether a required list key is present but holds nothing.
func emptyList(fm *story.Frontmatter, key string) bool {
	kv, ok := fm.Keys[key]
	if !ok {
		return false
	}
	return kv.Value.Tag == "!!null" || (kv.Value.Kind == yaml.SequenceNode && len(kv.Value.Content) == 0)
}

var acceptanceEmpty = &Rule{ID: "contract/acceptance-empty", Need: NeedFile, Spec: "§11",
	Summary: "`acceptance_criteria` is non-empty",
	CheckFile: func(p *Pass) {
		if fm := front(p); fm != nil && emptyList(fm, "acceptance_criteria") {
			p.Report(fm.ValuePos("acceptance_criteria"), "acceptance_criteria is empty; a story needs at least one binary, measurable criterion")
		}
	}}

var verificationEmpty = &Rule{ID: "contract/verification-empty", Need: NeedFile, Spec: "§11",
	Summary: "`verification` is non-empty",
	CheckFile: func(p *Pass) {
		if fm := front(p); fm != nil && emptyList(fm, "verification") {
			p.Report(fm.ValuePos("verification"), "verification is empty; a story needs at least one runnable check")
		}
	}}

var scopeWriteEmpty = &Rule{ID: "contract/scope-write-empty", Need: NeedFile, Spec: "§11",
	Summary: "`scope.write` is non-empty once the story is at `generating` or later",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.Scope.HasWrite || !lifecycle.AtOrAfter(fm.State.Value, lifecycle.Generating) {
			return
		}
		if len(fm.Scope.Write.Items) == 0 && (fm.Scope.Write.Null || fm.Scope.Write.Set) {
			p.Report(fm.Scope.Write.Pos, "scope.write is empty at state %s; the generator must be granted the paths it may change before generating", fm.State.Value)
		}
	}}
