package rules

import "github.com/storygate/storygate/internal/diag"

// NotAStory is decided by discovery (internal/lint), which then validates
// nothing else in the file; it is registered so documentation and
// configuration know it.
var NotAStory = &Rule{ID: "structure/not-a-story", Need: NeedFile, Spec: "§13", Severity: diag.SeverityNotice,
	Summary: "a file discovery found with neither an enso.story frontmatter nor the v1 section structure (a pre-v1 legacy story, the specification's own STORY-000 text) is not an execution story: it is skipped with this notice (`discovery.non_story`); a v1-shaped file without frontmatter, an execution story with id `STORY-000` and a file that held a story at base stay errors"}
