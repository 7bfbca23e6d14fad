package rules

import "github.com/storygate/storygate/internal/catalog"

// NotAStory is decided by discovery (internal/lint), which then validates
// nothing else in the file; it is registered so documentation and
// configuration know it.
var NotAStory = &Rule{Rule: catalog.Must("structure/not-a-story")}
