package rules

import (
	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/story"
)

// emptyList reports whether a required list key is present but holds nothing.
func emptyList(fm *story.Frontmatter, key string) bool {
	kv, ok := fm.Keys[key]
	if !ok {
		return false
	}
	return story.NoValue(kv.Value) || (kv.Value.Kind == yaml.SequenceNode && len(kv.Value.Content) == 0)
}

var acceptanceEmpty = &Rule{Rule: catalog.Must("contract/acceptance-empty"),
	CheckFile: func(p *Pass) {
		if fm := front(p); fm != nil && emptyList(fm, "acceptance_criteria") {
			p.Report(fm.ValuePos("acceptance_criteria"), "acceptance_criteria is empty; a story needs at least one binary, measurable criterion")
		}
	}}
