package rules

import "github.com/storygate/storygate/internal/lifecycle"

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
