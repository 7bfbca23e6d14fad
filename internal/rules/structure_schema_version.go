package rules

import "github.com/storygate/storygate/internal/catalog"

// SchemaVersion is the only schema this catalog validates.
const SchemaVersion = "enso.story/v1"

var schemaVersion = &Rule{Rule: catalog.Must("structure/schema-version"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil || !fm.Schema.Set || fm.Schema.Value == SchemaVersion {
			return
		}
		p.Report(fm.Schema.Pos, "schema is %q; this validator checks %q", fm.Schema.Value, SchemaVersion)
	}}
