package lint

import (
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/story"
)

// deletedStories are the story files of the base revision that the change
// deleted. git reports a moved file as a deletion plus a creation, so a
// story at a new path takes its base version from here, matched by id;
// the ones nobody claims were really deleted.
type deletedStories struct {
	// all are sorted by path.
	all  []*story.Story
	byID map[string][]*story.Story
}

// findDeletedStories reads the base version of every deleted file that is
// a story: a .md file the story globs (or a named directory) would find,
// outside the directories discovery skips, named STORY-* or declaring an
// enso.story schema. A base version too large to be a story is kept
// unparsed (no frontmatter, no body).
func findDeletedStories(opts Options, changes []gitrepo.Change, read func(string) ([]byte, bool, error)) (*deletedStories, error) {
	d := &deletedStories{byID: map[string][]*story.Story{}}
	candidate := storyCandidate(opts)
	for _, ch := range changes {
		if ch.Kind != gitrepo.Deleted || !candidate(ch.Path) {
			continue
		}
		src, ok, err := read(ch.Path)
		if err != nil {
			return nil, err
		}
		if !ok || !(strings.HasPrefix(path.Base(ch.Path), "STORY-") || storyHeader(src)) {
			continue
		}
		s := &story.Story{Path: ch.Path}
		if len(src) <= story.MaxFileSize {
			s = story.Parse(ch.Path, src)
		}
		d.all = append(d.all, s)
		if s.Front != nil && s.Front.ID.Set && s.Front.ID.Value != "" {
			d.byID[s.Front.ID.Value] = append(d.byID[s.Front.ID.Value], s)
		}
	}
	sort.Slice(d.all, func(i, j int) bool { return d.all[i].Path < d.all[j].Path })
	for _, ss := range d.byID {
		sort.Slice(ss, func(i, j int) bool { return ss[i].Path < ss[j].Path })
	}
	return d, nil
}

// storyCandidate reports whether a repository path lies where this run looks
// for stories: matched by the globs or under a named directory.
func storyCandidate(opts Options) func(string) bool {
	globs := pathglob.Compile(opts.Config.Stories)
	var dirs []string
	for _, p := range opts.Paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(opts.Root, p)
		}
		if rel, err := Rel(opts.Root, abs); err == nil {
			dirs = append(dirs, rel)
		}
	}
	return func(p string) bool {
		if !strings.HasSuffix(p, ".md") {
			return false
		}
		for _, d := range dirs {
			if d == "." || p == d || strings.HasPrefix(p, d+"/") {
				return true
			}
		}
		return !underSkipped(path.Dir(p)) && globs.Match(p)
	}
}

// renamedBase is the base version of a story the change moved to a new
// path: the first deleted base story (by path) with the same id.
func (d *deletedStories) renamedBase(head *story.Story) *story.Story {
	if d == nil || head == nil || head.Front == nil || !head.Front.ID.Set {
		return nil
	}
	if ss := d.byID[head.Front.ID.Value]; len(ss) > 0 {
		return ss[0]
	}
	return nil
}

// unclaimed returns the deleted stories no head story was matched to.
func (d *deletedStories) unclaimed(ls []*loaded) []*story.Story {
	if d == nil {
		return nil
	}
	renamed := map[string]bool{}
	for _, l := range ls {
		if l != nil && l.renamedFrom != "" {
			renamed[l.renamedFrom] = true
		}
	}
	var out []*story.Story
	for _, s := range d.all {
		if !renamed[s.Path] {
			out = append(out, s)
		}
	}
	return out
}
