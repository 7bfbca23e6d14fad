package rules

import "github.com/storygate/storygate/internal/catalog"

var verificationEmpty = &Rule{Rule: catalog.Must("contract/verification-empty"),
	CheckFile: func(p *Pass) {
		if fm := front(p); fm != nil && emptyList(fm, "verification") {
			p.Report(fm.ValuePos("verification"), "verification is empty; a story needs at least one runnable check")
		}
	}}
