package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var requiredSection = &Rule{Rule: catalog.Must("structure/required-section"),
	CheckFile: func(p *Pass) {
		b := p.Head.Body
		if b == nil || hasProblem(p.Head, "structure/not-text") {
			return
		}
		if b.Title == nil {
			p.Report(titlePoint(p.Head), "missing the title heading \"# {ID} {Title}\"")
		}
		for i, name := range lifecycle.RequiredSections {
			if b.Section(name) == nil {
				p.Report(insertionPoint(p.Head, i), "required section \"## %s\" is missing", name)
			}
		}
	}}

func hasProblem(s *story.Story, rule string) bool {
	for _, pr := range s.Problems {
		if pr.Rule == rule {
			return true
		}
	}
	return false
}

// titlePoint is where the title heading belongs: at the first required
// section present (the heading comes before them all), else at the first
// line after the frontmatter, or the last line of a file that ends with it.
func titlePoint(s *story.Story) story.Pos {
	for _, name := range lifecycle.RequiredSections {
		if sec := s.Body.Section(name); sec != nil {
			return sec.Heading.Pos
		}
	}
	return story.Pos{Line: min(s.BodyLine(), s.LastLine()), Column: 1}
}

// insertionPoint is where the i-th required section belongs: at the next
// required section that is present, or at the last line of the file.
func insertionPoint(s *story.Story, i int) story.Pos {
	for _, name := range lifecycle.RequiredSections[i+1:] {
		if sec := s.Body.Section(name); sec != nil {
			return sec.Heading.Pos
		}
	}
	return story.Pos{Line: s.LastLine(), Column: 1}
}
