package rules

import "github.com/storygate/storygate/internal/catalog"

// tooLarge is decided while reading the file, before parsing (internal/lint);
// it is registered so documentation and configuration know it.
var tooLarge = &Rule{Rule: catalog.Must("structure/too-large")}
