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

// deletedStories are the base stories that left their path in the change:
// their file was deleted, or it now declares another id (a story is its id;
// a file whose id changed holds another story). git reports a moved file as
// a deletion plus a creation, so a story at a new path — or at a path
// another story left — takes its base version from here, matched by id; the
// ones nobody claims were really deleted.
type deletedStories struct {
	// all are sorted by path.
	all  []*story.Story
	byID map[string][]*story.Story
	// kept are the parsed base versions of modified story files that keep
	// their id, by path.
	kept map[string]*story.Story
}

// findDeletedStories reads the base version of every deleted file that is
// a story: a .md file the story globs (or a named directory) would find,
// outside the directories discovery skips, named STORY-* or declaring an
// enso.story schema. A base version too large to be a story is kept
// unparsed (no frontmatter, no body).
func findDeletedStories(opts Options, changes []gitrepo.Change, read, readHead func(string) ([]byte, bool, error)) (*deletedStories, error) {
	d := &deletedStories{byID: map[string][]*story.Story{}, kept: map[string]*story.Story{}}
	candidate := storyCandidate(opts)
	for _, ch := range changes {
		if ch.Kind == gitrepo.Created || !candidate(ch.Path) {
			continue
		}
		s, err := baseStory(ch.Path, read, opts.config().Discovery.NonStory)
		if err != nil {
			return nil, err
		}
		if s == nil {
			continue // not a story at base (a README, a legacy file)
		}
		if ch.Kind == gitrepo.Modified {
			stays, err := keepsID(s, readHead)
			if err != nil {
				return nil, err
			}
			if stays {
				if s.Src != nil { // parsed, not a too-large placeholder
					d.kept[ch.Path] = s // attachBase takes it instead of parsing again
				}
				continue
			}
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

// baseStory reads and parses the base version of a story file; nil when
// the file is not a story there (nonStory is the discovery.non_story
// mode). A base version too large to be a story is kept unparsed (no
// frontmatter, no body).
func baseStory(p string, read func(string) ([]byte, bool, error), nonStory string) (*story.Story, error) {
	src, ok, err := read(p)
	if err != nil || !ok || !(strings.HasPrefix(path.Base(p), "STORY-") || storyHeader(src)) {
		return nil, err
	}
	if len(src) > story.MaxFileSize {
		return &story.Story{Path: p}, nil
	}
	return executionStory(story.Parse(p, src), nonStory), nil
}

// keepsID reports whether the head version of a modified story file still
// declares the base version's id (or either has none to compare).
func keepsID(base *story.Story, readHead func(string) ([]byte, bool, error)) (bool, error) {
	src, ok, err := readHead(base.Path)
	if err != nil || !ok || len(src) > story.MaxFileSize {
		return true, err
	}
	return SameStory(base, story.Parse(base.Path, src)), nil
}

// SameStory reports whether two versions of a file hold the same story: the
// same id, or no usable id on either side to tell them apart.
func SameStory(a, b *story.Story) bool {
	if a.Front == nil || b.Front == nil || !a.Front.ID.Set || !b.Front.ID.Set || a.Front.ID.Value == "" || b.Front.ID.Value == "" {
		return true
	}
	return a.Front.ID.Value == b.Front.ID.Value
}

// storyCandidate reports whether a repository path lies where this run looks
// for stories: matched by the globs or under a named directory.
func storyCandidate(opts Options) func(string) bool {
	globs := pathglob.Compile(opts.config().Stories)
	var dirs []string
	for _, p := range opts.Paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(opts.root(), p)
		}
		if rel, err := Rel(opts.root(), abs); err == nil {
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
