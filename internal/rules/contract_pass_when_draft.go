package rules

import "github.com/storygate/storygate/internal/catalog"

var passWhenDraft = &Rule{Rule: catalog.Must("contract/pass-when-draft"),
	CheckFile: func(p *Pass) {
		if fm := front(p); fm != nil && draftContract(fm) {
			reportUnrunnable(p, fm)
		}
	}}
