package stage

import "github.com/storygate/storygate/internal/diag"

const ruleFrontmatterSyntax = "stage/frontmatter-syntax"

// The parser reports this rule; it is registered for its metadata.
func init() {
	register(Rule{ID: ruleFrontmatterSyntax, Severity: diag.SeverityError,
		Summary: "the frontmatter is valid YAML, a mapping, and in the strict subset: no anchors, aliases, merge keys, tags or second document"})
}
