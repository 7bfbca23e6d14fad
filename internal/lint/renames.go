package lint

import (
	"errors"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/par"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/story"
)

// deletedStories are the base stories that left their path in the change:
// their file was deleted, or it now declares another id (a story is its id;
// a file whose id changed holds another story). git reports a moved file as
// a deletion plus a creation, so a story at a new path — or at a path
// another story left — takes its base version from here, matched by id; the
// ones nobody claims were really deleted.
//
// A deleted file's base is read when the run starts. A modified file's base
// is read and parsed once, by attachBase, next to its head: whether it left
// its path is told by the id of the head check parsed (left), so the list
// is complete only once every story with a base at its own path has been
// loaded (settle); the stories that need it to find their base wait.
type deletedStories struct {
	// all are sorted by path once settled.
	all  []*story.Story
	byID map[string][]*story.Story
	// modified are the story candidates the change modified.
	modified map[string]bool
	// judged are the modified paths whose head attachBase compared.
	judged map[string]bool
	mu     sync.Mutex
}

// findDeletedStories reads, in parallel, the base version of every deleted
// file that is a story: a .md file the story globs (or a named directory)
// would find, outside the directories discovery skips, named STORY-* or
// declaring an enso.story schema. A base version too large to be a story
// is kept unparsed (no frontmatter, no body). The modified ones are noted
// for attachBase.
func findDeletedStories(opts Options, changes []gitrepo.Change, read func(string) ([]byte, bool, error)) (*deletedStories, error) {
	d := &deletedStories{byID: map[string][]*story.Story{}, modified: map[string]bool{}, judged: map[string]bool{}}
	candidate := storyCandidate(opts)
	var gone []string
	for _, ch := range changes {
		switch {
		case !candidate(ch.Path):
		case ch.Kind == gitrepo.Deleted:
			gone = append(gone, ch.Path)
		case ch.Kind == gitrepo.Modified:
			d.modified[ch.Path] = true
		}
	}
	found := make([]*story.Story, len(gone))
	errs := make([]error, len(gone))
	par.Each(len(gone), func(i int) {
		found[i], errs[i] = baseStory(opts, gone[i], read)
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, s := range found {
		if s != nil { // nil: not a story at base (a README, a legacy file)
			d.add(s)
		}
	}
	return d, nil
}

// add lists a base story that left its path.
func (d *deletedStories) add(s *story.Story) {
	d.all = append(d.all, s)
	if s.Front != nil && s.Front.ID.Set && s.Front.ID.Value != "" {
		d.byID[s.Front.ID.Value] = append(d.byID[s.Front.ID.Value], s)
	}
}

// left is attachBase's answer for the modified story file at p, whose base
// (nil when it is no story there) and head it parsed: a base story whose
// head declares another id left its path. Called from several goroutines.
func (d *deletedStories) left(p string, base, head *story.Story) {
	if d == nil || !d.modified[p] {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.judged[p] = true
	if base == nil || len(base.Src) > story.MaxFileSize || SameStory(base, head) || !storyFile(p, base.Src) {
		return // not a story at base, too large to compare, or the same story
	}
	d.add(base)
}

// settle completes the list once every story with a base at its own path
// has been loaded: a modified story file check did not parse (not found by
// discovery, or refused before parsing) is compared as the head commit
// holds it. Then the list is sorted.
func (d *deletedStories) settle(opts Options, read, readHead func(string) ([]byte, bool, error)) error {
	if d == nil {
		return nil
	}
	var rest []string
	for p := range d.modified {
		if !d.judged[p] {
			rest = append(rest, p)
		}
	}
	sort.Strings(rest)
	for _, p := range rest {
		s, err := baseStory(opts, p, read)
		if err != nil {
			return err
		}
		if s == nil {
			continue
		}
		stays, err := keepsID(opts, s, readHead)
		if err != nil {
			return err
		}
		if !stays {
			d.add(s)
		}
	}
	sort.Slice(d.all, func(i, j int) bool { return d.all[i].Path < d.all[j].Path })
	for _, ss := range d.byID {
		sort.Slice(ss, func(i, j int) bool { return ss[i].Path < ss[j].Path })
	}
	return nil
}

// baseStory reads and parses the base version of a story file; nil when
// the file is not a story there (the discovery.non_story mode decides). A
// base version too large to be a story is kept unparsed (no frontmatter,
// no body).
func baseStory(opts Options, p string, read func(string) ([]byte, bool, error)) (*story.Story, error) {
	src, ok, err := read(p)
	if err != nil || !ok || !storyFile(p, src) {
		return nil, err
	}
	if len(src) > story.MaxFileSize {
		return &story.Story{Path: p}, nil
	}
	return executionStory(opts.parse(p, src), opts.config().Discovery.NonStory), nil
}

// storyFile reports whether the file at p holding src is taken for a
// story when it leaves its path: it is named STORY-* or declares an
// enso.story schema.
func storyFile(p string, src []byte) bool {
	return strings.HasPrefix(path.Base(p), "STORY-") || storyHeader(src)
}

// keepsID reports whether the head version of a modified story file still
// declares the base version's id (or either has none to compare).
func keepsID(opts Options, base *story.Story, readHead func(string) ([]byte, bool, error)) (bool, error) {
	src, ok, err := readHead(base.Path)
	if err != nil || !ok || len(src) > story.MaxFileSize {
		return true, err
	}
	return SameStory(base, opts.parse(base.Path, src)), nil
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
