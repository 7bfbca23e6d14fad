package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/story"
)

// requiredFields are the top-level fields of §2 (scope's children are checked
// inside scope).
var requiredFields = []string{"schema", "id", "title", "state", "active_role", "iteration", "max_iterations",
	"created_at", "updated_at", "scope", "acceptance_criteria", "verification"}

var requiredField = &Rule{Rule: catalog.Must("structure/required-field"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil {
			return
		}
		for _, name := range requiredFields {
			checkRequired(p, fm, name)
		}
		checkScopeChildren(p, fm)
		for _, fe := range fm.MissingItemFields {
			p.Report(fe.Pos, "%s", fe.Message)
		}
	}}

// checkRequired reports a missing key, or a present key with no value: null
// (at the key) or a blank string (at the value). A list with no value is
// left to the emptiness rules of the contract family.
func checkRequired(p *Pass, fm *story.Frontmatter, name string) {
	if !fm.Has(name) {
		p.Report(story.Pos{Line: fm.StartLine, Column: 1}, "required field %q is missing", name)
		return
	}
	if name == "acceptance_criteria" || name == "verification" {
		return
	}
	switch v := fm.Keys[name].Value; {
	case story.Blank(v):
		p.Report(fm.ValuePos(name), "required field %q is empty", name)
	case story.NoValue(v):
		p.Report(fm.KeyPos(name), "required field %q has no value", name)
	}
}

func checkScopeChildren(p *Pass, fm *story.Frontmatter) {
	if !fm.Scope.Set {
		return
	}
	for _, c := range []struct {
		name    string
		present bool
	}{{"write", fm.Scope.HasWrite}, {"read", fm.Scope.HasRead}, {"exclude", fm.Scope.HasExclude}} {
		if !c.present {
			p.Report(fm.KeyPos("scope"), "required field %q is missing", "scope."+c.name)
		}
	}
}
