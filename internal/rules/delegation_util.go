package rules

import "github.com/storygate/storygate/internal/story"

// byID indexes the set's stories by frontmatter id. When files share an id
// (delegation/duplicate-id), the first by path stands for it, whatever order
// the units come in, so every set rule resolves the id the same way.
func byID(units []Unit) map[string]*story.Story {
	out := make(map[string]*story.Story, len(units))
	for _, u := range units {
		if fm := u.Head.Front; fm != nil && fm.ID.Set {
			if prev, dup := out[fm.ID.Value]; !dup || u.Head.Path < prev.Path {
				out[fm.ID.Value] = u.Head
			}
		}
	}
	return out
}

// withFront calls fn for every story that has frontmatter.
func withFront(units []Unit, fn func(s *story.Story, fm *story.Frontmatter)) {
	for _, u := range units {
		if u.Head.Front != nil {
			fn(u.Head, u.Head.Front)
		}
	}
}
