package rules

import "github.com/storygate/storygate/internal/story"

// withFront calls fn for every story that has frontmatter, with its index
// in units.
func withFront(units []Unit, fn func(i int, s *story.Story, fm *story.Frontmatter)) {
	for i, u := range units {
		if u.Head.Front != nil {
			fn(i, u.Head, u.Head.Front)
		}
	}
}
