package rules

import "github.com/storygate/storygate/internal/catalog"

// outsideRepository is decided while reading the file, before parsing
// (internal/lint); it is in All, without checks, as every story-engine rule is.
var outsideRepository = &Rule{Rule: catalog.Must("input/outside-repository")}
