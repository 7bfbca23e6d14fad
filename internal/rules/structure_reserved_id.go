package rules

import "github.com/storygate/storygate/internal/catalog"

// ReservedID is the ID of the specification itself (§13).
const ReservedID = "STORY-000"

var reservedID = &Rule{Rule: catalog.Must("structure/reserved-id"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || fm.ID.Value != ReservedID {
			return
		}
		if fm.Kind.Set && fm.Kind.Value != "execution" {
			return
		}
		p.Report(fm.ID.Pos, "%s is reserved for the enso.story/v1 specification; an execution story needs its own ID (STORY-001 and up)", ReservedID)
	}}
