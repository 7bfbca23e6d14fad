package rules

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var duplicateSection = &Rule{ID: "structure/duplicate-section", Need: NeedFile, Spec: "§7",
	Summary: "each required `##` section appears once (a second copy would be ignored by every reader)",
	CheckFile: func(p *Pass) {
		if p.Head.Body == nil {
			return
		}
		first := map[string]int{}
		for _, sec := range p.Head.Body.Sections {
			name, ok := requiredName(sec.Name)
			if !ok {
				continue
			}
			if line, seen := first[name]; seen {
				p.Report(sec.Heading.Pos, "section \"## %s\" appears again (first at line %d)", name, line)
				continue
			}
			first[name] = sec.Heading.Pos.Line
		}
	}}

// requiredName returns the canonical name of a required section.
func requiredName(name string) (string, bool) {
	for _, r := range lifecycle.RequiredSections {
		if story.SameName(r, name) {
			return r, true
		}
	}
	return "", false
}
