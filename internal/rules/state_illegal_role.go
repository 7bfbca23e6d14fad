package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
)

var illegalRole = &Rule{Rule: catalog.Must("state/illegal-role"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.ActiveRole.Set || lifecycle.IsRole(fm.CurrentRole()) {
			return
		}
		p.Report(fm.ActiveRole.Pos, "active_role %q is not a legal role (legal: %s)", fm.ActiveRole.Value, plainList(lifecycle.Roles()))
	}}
