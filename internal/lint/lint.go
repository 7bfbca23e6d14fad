// Package lint finds story files and runs the rule catalog over them. What
// the rules find goes, as it was found, to the run's findings pipeline
// (internal/findings), which applies the configured severities, sets the
// findings on untouched stories apart, and orders them.
package lint

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync/atomic"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/target"
)

// Options says what to validate.
type Options struct {
	// Target is where the run stands (target.Open): the root, whose
	// paths the findings are relative to, the policy, and with a base the
	// commits and the change, which turn on the base and changed-file
	// rules.
	Target *target.Target
	// Paths are story files or directories; empty means the configured globs.
	Paths []string
	// Slim drops a story's body once its file rules have run, keeping only
	// what the set rules need. A story the change created or modified is
	// slimmed too, once its pair rules have run and what the change model
	// reads of it (change.Pair.Facts) is worked out, unless it adds a
	// Human Decision entry: the gate's decision check (hitl) reads those
	// stories whole, base and head. Result.Units are then slim too. The
	// CLI sets it: validating 10,000 stories, or gating a change to all of
	// them, must not hold them all in memory.
	Slim bool
	// Overlay replaces the content of story files, by path relative to
	// Root, for this run: transition judges the file it is about to write
	// among every other story, with the repository's configuration.
	Overlay map[string][]byte
	// NoRules loads the stories and builds the change model without
	// running the catalog (revert-check needs only the grants).
	NoRules bool
	// BaseReads, when set, counts the files read from the base revision.
	BaseReads *atomic.Int64
	// HeadReads, when set, counts the files read from the head revision's
	// commit (the stories themselves are read from the work tree).
	HeadReads *atomic.Int64
	// GitReads, when set, counts the blobs of either revision that git
	// cat-file gave (gitrepo.Batch); the others were read through go-git.
	GitReads *atomic.Int64
	// Parses, when set, counts the story files parsed, head and base
	// versions alike.
	Parses *atomic.Int64
	// Filter is the gate's filter mode (config.FilterChanged or
	// FilterAll); with a base, changed gives Result.SetApart (filter.go).
	// Empty judges every story.
	Filter config.FilterMode
	// Visit, when set, is called with every target story and its base
	// before it is slimmed, from several goroutines at once: a caller that
	// needs more of a story than Result.Units keep (the gate's report and
	// its verification items) takes it here instead of holding every
	// story whole.
	Visit func(rules.Unit)
	// RevertDecides says the revert check decides the change's governed
	// edits (rules.SetPass.RevertDecides): the gate sets it when its
	// revert step runs with a suite.
	RevertDecides bool
	// BatchGC applies the memory policy of a batch run (TuneGC) while Run
	// runs.
	BatchGC bool
}

// Result is the outcome of one run.
type Result struct {
	// Diagnostics are the findings as the rules gave them: for the run's
	// findings pipeline (internal/findings), which applies severities,
	// sets apart and sorts; unsorted, severities as the rules set them.
	Diagnostics []diag.Diagnostic
	// Files counts the story files checked.
	Files int
	// Stories counts the checked files that are stories: Files minus those
	// discovery set apart as no execution story (structure/not-a-story),
	// which a count of stories must not include.
	Stories int
	// Units are the parsed stories with their base versions, for callers
	// (the gate, verify, revert-check) that go on with them. With Slim
	// they are slim (story.Slim: the frontmatter the set rules read), but
	// for the stories adding a Human Decision entry, kept whole for the
	// gate's decision check (Pair.NewDecisions, the head contract's
	// digest); what else a caller needs of a story it takes in Visit.
	Units []rules.Unit
	// Change is the change model built from every story of the set.
	Change *change.Change
	// SetApart is the untouched-set predicate for the findings pipeline
	// (findings.Options.SetApart): whether a finding is on a story the
	// change did not touch and excused there (filter.go); nil unless the
	// run filters (Options.Filter changed, with a base). It works out the
	// base's set findings on first need, so one goroutine asks at a time.
	SetApart func(diag.Diagnostic) bool
	// Adoption is set when the change adopts storygate (adoption.go):
	// the set rules left its own files unclaimed, and the gate says so.
	Adoption *Adoption
}

// root is the root's directory.
func (o Options) root() string { return o.Target.Root() }

// config is the run's policy.
func (o Options) config() *config.Config { return o.Target.Policy() }

// parse parses one version of a story file, counted in Parses.
func (o Options) parse(path string, src []byte) *story.Story {
	if o.Parses != nil {
		o.Parses.Add(1)
	}
	return story.Parse(path, src)
}

// parseBeside parses the base version of head's story (story.ParseBeside:
// a frontmatter the change left alone is not decoded again); a parse like
// any other for the counter.
func (o Options) parseBeside(path string, src []byte, head *story.Story) *story.Story {
	if o.Parses != nil {
		o.Parses.Add(1)
	}
	return story.ParseBeside(path, src, head)
}

// Run validates the stories named by opts.
func Run(opts Options) (*Result, error) {
	if opts.Target == nil {
		return nil, errors.New("lint: no target")
	}
	targets, set, err := discover(opts.root(), opts.Paths, opts.config().Stories)
	if err != nil {
		return nil, err
	}
	ctx, err := newBaseContext(opts)
	if err != nil {
		return nil, err
	}
	defer ctx.batch.Close() // a failed close loses nothing: every blob read was whole
	if opts.BatchGC {
		defer TuneGC(len(set))()
	}
	return check(opts, targets, set, ctx)
}

// loaded is one story file read and parsed, or the diagnostic that stopped it.
type loaded struct {
	path  string
	unit  rules.Unit
	early *diag.Diagnostic
	// renamedFrom is the base path of a story the change moved here.
	renamedFrom string
	// notStory is true for a file discovery found that is not an
	// execution story (skipNonStory): it is a changed file like any other.
	notStory bool
	// untouched is set when the file is the base's, at the same path,
	// and the change did not touch it (filter.go).
	untouched bool
	// waiting is set while the story's base is to be found among the
	// stories that left their path, which are all known only once every
	// story with a base at its own path is loaded (deletedStories.settle).
	waiting bool
	// here is the base version at the story's own path, once attachBase
	// has read it (nil: none, or no execution story); hereRead says it has.
	here     *story.Story
	hereRead bool
	// packed holds the slim story (Options.Slim) while the other stories
	// are checked; unpack makes it unit again, with the slim story as its
	// base too when packedBase, or with packedOwn, a base of its own.
	packed     story.Packed
	packedBase bool
	packedOwn  story.Packed
	// facts are what the change model reads of a changed story's pair,
	// worked out before it was slimmed; seeded is whether its head was
	// at the initial state as the template writes it (findAdoption).
	facts  *change.Facts
	seeded bool
}

// load reads one story, refusing symlinks that leave the repository and
// files too large to be stories.
func load(opts Options, rel string, dirs *safefile.Resolver) (*loaded, error) {
	l := &loaded{path: rel}
	root := opts.root()
	abs := filepath.Join(root, filepath.FromSlash(rel))
	real, regular, err := dirs.Resolve(root, abs)
	if err != nil {
		d := diag.New("input/outside-repository", diag.SeverityError, rel, diag.Pos{}, "%v", err)
		l.early = &d
		return l, nil
	}
	if !regular {
		d := diag.New("structure/not-text", diag.SeverityError, rel, diag.Pos{},
			"not a regular file (a directory, FIFO, socket or device); a story is a text file")
		l.early = &d
		return l, nil
	}
	if src, ok := opts.Overlay[rel]; ok {
		return l.fromOverlay(opts, src), nil
	}
	src, tooLarge, err := readSource(real)
	if err != nil {
		return nil, fmt.Errorf("read story %s: %w", rel, err)
	}
	if tooLarge > 0 {
		d := diag.New("structure/too-large", diag.SeverityError, rel, diag.Pos{},
			"file is %d bytes; a story may be at most %d bytes", tooLarge, story.MaxFileSize)
		l.early = &d
		return l, nil
	}
	l.unit.Head = opts.parse(rel, src)
	return l, nil
}

// fromOverlay takes a story's content from the overlay, with the size
// limit a file read from disk has.
func (l *loaded) fromOverlay(opts Options, src []byte) *loaded {
	if len(src) > story.MaxFileSize {
		d := diag.New("structure/too-large", diag.SeverityError, l.path, diag.Pos{},
			"file is %d bytes; a story may be at most %d bytes", len(src), story.MaxFileSize)
		l.early = &d
		return l
	}
	l.unit.Head = opts.parse(l.path, src)
	return l
}

// ResolveStory is where reading the story file at abs leads: symlinks
// followed, refused when that leaves root; regular is false for anything
// but a regular file. The transition command edits through it what
// validate reads through it.
func ResolveStory(root, abs string) (real string, regular bool, err error) {
	return (&safefile.Resolver{}).Resolve(root, abs)
}

// baseContext holds what the base rules need. Every path in it is
// relative to Options.Root, as the stories' paths are: the root may be a
// directory inside its repository (a monorepo's package), whose place in
// the repository is found once (gitrepo.Repo.PathOf); changes outside it
// are dropped (gitrepo.Within) and base files are read at its place in
// the base commit (gitrepo.Files.In).
type baseContext struct {
	repo    *gitrepo.Repo
	changes []gitrepo.Change
	// files reads the base commit; read is files.ReadFile, counted in
	// Options.BaseReads; readHead reads the head commit, counted in
	// Options.HeadReads.
	files    *gitrepo.Files
	batch    *gitrepo.Batch
	read     func(path string) ([]byte, bool, error)
	readHead func(path string) ([]byte, bool, error)
	// ahead reads modified stories' base blobs ahead of the first pass's
	// workers (readAhead); nil outside it.
	ahead *readAhead
	// baseReads is Options.BaseReads, which the read-ahead counts in too.
	baseReads *atomic.Int64
	// created are the paths the change created: their stories find their
	// base versions, if any, among the stories that left their path.
	created map[string]bool
	// changed are the paths of changes.
	changed map[string]bool
	// deleted are the base's story files the change deleted (or moved).
	deleted *deletedStories
	// nonStory is discovery.non_story: whether a base file that is not an
	// execution story is one.
	nonStory string
	// others are the story files of other roots the change touched.
	others *otherStories
}

func newBaseContext(opts Options) (*baseContext, error) {
	t := opts.Target
	if !t.HasBase() {
		return &baseContext{}, nil
	}
	repo := t.Repo()
	baseTop, headTop, err := filesAt(repo, t.MergeBase(), t.Head())
	if err != nil {
		return nil, err
	}
	// One git cat-file process reads the blobs of both sides (Batch: git
	// keeps the delta bases it inflated, go-git inflates each chain again).
	batch := repo.OpenBatch("git").Counting(opts.GitReads)
	baseFiles, headFiles := baseTop.In(t.Place()).Using(batch), headTop.In(t.Place()).Using(batch)
	changes := t.InRoot()
	c := &baseContext{repo: repo, changes: changes, files: baseFiles, batch: batch, changed: make(map[string]bool, len(changes)),
		created: map[string]bool{}, nonStory: opts.config().Discovery.NonStory, baseReads: opts.BaseReads,
		read: counted(readThrough(baseFiles), opts.BaseReads), readHead: counted(readThrough(headFiles), opts.HeadReads)}
	for _, ch := range changes {
		c.changed[ch.Path] = true
		if ch.Kind == gitrepo.Created {
			c.created[ch.Path] = true
		}
	}
	if c.deleted, err = findDeletedStories(opts, changes, c.read); err != nil {
		return nil, errors.Join(err, batch.Close())
	}
	if c.others, err = findOtherStories(opts, baseTop, headTop); err != nil {
		return nil, errors.Join(err, batch.Close())
	}
	return c, nil
}

// filesAt reads the files of base and head by their repository paths.
func filesAt(repo *gitrepo.Repo, base, head *object.Commit) (baseFiles, headFiles *gitrepo.Files, err error) {
	if baseFiles, err = repo.FilesAt(base); err != nil {
		return nil, nil, err
	}
	if headFiles, err = repo.FilesAt(head); err != nil {
		return nil, nil, err
	}
	return baseFiles, headFiles, nil
}

// readThrough reads a commit's files through their symbolic links, as
// the commit's tree holds them (gitrepo.Files.Resolve), the way a story is
// read at head through the links on disk (safefile.Resolver): a story
// file that is a link has, at every revision, the content of its target.
// A link that leads out of the root reads as no file.
func readThrough(files *gitrepo.Files) func(string) ([]byte, bool, error) {
	return func(p string) ([]byte, bool, error) {
		real, err := files.Resolve(p)
		if errors.Is(err, gitrepo.ErrLinkOutside) {
			return nil, false, nil
		}
		if err != nil {
			return nil, false, fmt.Errorf("read %s: %w", p, err)
		}
		return files.ReadFile(real)
	}
}

// counted is read, adding one to n (when set) for every file it reads.
func counted(read func(string) ([]byte, bool, error), n *atomic.Int64) func(string) ([]byte, bool, error) {
	if n == nil {
		return read
	}
	return func(p string) ([]byte, bool, error) {
		data, ok, err := read(p)
		if ok {
			n.Add(1)
		}
		return data, ok, err
	}
}

// baseAt is the base version of path, nil when it has none: head itself
// when the base holds the very bytes head was parsed from (the same blob
// hash, so parsing the base again would give the same story), else read
// now. Only the stories the change touched, or that differ on disk from
// the commit, are read from git. A story file the change modified is
// always read: its base is its own version, never its head's parse.
func (c *baseContext) baseAt(opts Options, path string, head *story.Story) (*story.Story, error) {
	real, err := c.files.Resolve(path)
	if errors.Is(err, gitrepo.ErrLinkOutside) {
		// The base read this story through a link out of the root, which
		// storygate never reads (at head: input/outside-repository). Kept
		// unparsed, as a base too large to be a story is: it grants
		// nothing, rather than the story passing for a new one.
		return &story.Story{Path: path}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("base version of %s: %w", path, err)
	}
	if head != nil && !c.deleted.modified[path] {
		h, ok, err := c.files.Hash(real)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, nil
		}
		if h == gitrepo.BlobHash(head.Src) {
			return executionStory(head, c.nonStory), nil
		}
	}
	src, ok := c.ahead.take(path, real)
	if !ok {
		if src, ok, err = c.read(real); err != nil || !ok {
			return nil, err
		}
	}
	return executionStory(opts.parseBeside(path, src, head), c.nonStory), nil
}

// hereFor is the base version at l's own path, read once per story.
func (c *baseContext) hereFor(opts Options, l *loaded) (*story.Story, error) {
	if !l.hereRead {
		b, err := c.baseAt(opts, l.path, l.unit.Head)
		if err != nil {
			return nil, err
		}
		l.here, l.hereRead = b, true
	}
	return l.here, nil
}

// attachBase reads the base version of a loaded story: the file at the same
// path when it held the same story (the same id), else, for a story the
// change moved, the base story with the same id that left its path. A
// story the change created, or whose base at its path is another story,
// waits (loaded.waiting) until the stories that left their path are all
// known; a created one is not even read until then (check).
func (c *baseContext) attachBase(opts Options, l *loaded) error {
	if c.read == nil || l.unit.Head == nil {
		return nil
	}
	b, err := c.hereFor(opts, l)
	if err != nil {
		return err
	}
	c.deleted.left(l.path, b, l.unit.Head)
	if b != nil && SameStory(b, l.unit.Head) {
		l.unit.Base = b
		return nil
	}
	l.waiting = true
	return nil
}

// attachMoved gives a waiting story its base: the base story with its id
// that left its path, if any.
func (c *baseContext) attachMoved(l *loaded) {
	l.waiting = false
	if b := c.deleted.renamedBase(l.unit.Head); b != nil {
		l.unit.Base, l.renamedFrom = b, b.Path
	}
}
