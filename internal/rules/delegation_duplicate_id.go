package rules

import (
	"sort"

	"github.com/storygate/storygate/internal/story"
)

var duplicateStoryID = &Rule{ID: "delegation/duplicate-id", Need: NeedSet, Spec: "§1, §13",
	Summary: "no two story files declare the same `id` (each story has exactly one authoritative state); every file after the first, by path, is reported",
	CheckSet: func(p *SetPass) {
		first := map[string]*story.Story{}
		for _, s := range storiesByPath(p.Units) {
			fm := s.Front
			if fm == nil || !fm.ID.Set || fm.ID.Value == "" {
				continue
			}
			if orig, dup := first[fm.ID.Value]; dup {
				p.Report(s.Path, fm.ID.Pos, "story id %s is already declared by %s: a story has exactly one file holding its authoritative state (give this story a new id, or remove the copy)", fm.ID.Value, orig.Path)
				continue
			}
			first[fm.ID.Value] = s
		}
	}}

// storiesByPath returns the head stories sorted by path.
func storiesByPath(units []Unit) []*story.Story {
	out := make([]*story.Story, 0, len(units))
	for _, u := range units {
		out = append(out, u.Head)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}
