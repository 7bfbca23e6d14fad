package stage

import "github.com/storygate/storygate/internal/diag"

const ruleFrontmatterMissing = "stage/frontmatter-missing"

// The parser reports this rule; it is registered for its metadata.
func init() {
	register(Rule{ID: ruleFrontmatterMissing, Severity: diag.SeverityError,
		Summary: "the file starts with a --- YAML frontmatter block that is closed by ---"})
}
