package rules

import "github.com/storygate/storygate/internal/catalog"

// tooLarge is decided while reading the file, before parsing (internal/lint);
// it is in All, without checks, as every story-engine rule is.
var tooLarge = &Rule{Rule: catalog.Must("structure/too-large")}
