package rules

import "github.com/storygate/storygate/internal/catalog"

var frontmatterMissing = problemRule(&Rule{Rule: catalog.Must("structure/frontmatter-missing")})
