package rules

import "github.com/storygate/storygate/internal/catalog"

// NotAStory is decided by discovery (internal/lint), which then validates
// nothing else in the file; it is in All, without checks, as every
// story-engine rule is.
var NotAStory = &Rule{Rule: catalog.Must("structure/not-a-story")}
