package rules

import "github.com/storygate/storygate/internal/catalog"

// outsideRepository is decided while reading the file, before parsing
// (internal/lint); it is registered so documentation and configuration know it.
var outsideRepository = &Rule{Rule: catalog.Must("input/outside-repository")}
