package rules

import "github.com/storygate/storygate/internal/catalog"

// notText is reported by the parser (see story.Parse); the rule reports it.
var notText = problemRule(&Rule{Rule: catalog.Must("structure/not-text")})
