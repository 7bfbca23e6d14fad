package rules

import "github.com/storygate/storygate/internal/catalog"

var frontmatterSyntax = problemRule(&Rule{Rule: catalog.Must("structure/frontmatter-syntax")})
