package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/story"
)

var duplicateID = &Rule{Rule: catalog.Must("contract/duplicate-id"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil {
			return
		}
		first := map[string]story.Pos{}
		check := func(list string, id story.Scalar) {
			if !id.Set || id.Value == "" {
				return
			}
			if pos, dup := first[id.Value]; dup {
				p.Report(id.Pos, "%s ID %q is already used at line %d", list, id.Value, pos.Line)
				return
			}
			first[id.Value] = id.Pos
		}
		for _, c := range fm.Acceptance.Items {
			check("acceptance_criteria", c.ID)
		}
		for _, v := range fm.Verification.Items {
			check("verification", v.ID)
		}
	}}
