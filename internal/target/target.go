// Package target answers, once per run, where the run stands: the
// repository, the root and its place in it, the base and head commits
// (resolved to objects when the run starts, never a revision name after
// that), the policy that judges the change and the change itself. Every
// entry point (gate, publish, verify, revert-check, validate --base,
// slash commands, re-verification) opens one Target and passes it down;
// the engines below take it and never open a repository or resolve a
// revision on their own (docs/architecture.md).
package target

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/rootpath"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/sandbox"
)

// Options say what a run is about.
type Options struct {
	// Root is the root's directory: a repository's top or a package
	// directory inside it. Required.
	Root string
	// ConfigFile names the configuration file explicitly; empty means the
	// root's .github/storygate.yml.
	ConfigFile string
	// Base names the base revision; empty means the run has none (no base
	// rules, no changed files, no revert check).
	Base string
	// Head names the revision under review; empty means the work tree's
	// HEAD. A commit the work tree does not have checked out may be named
	// (publish judges the pull request's head as data); the files are then
	// read from a directory that holds that commit's tree.
	Head string
	// Policy, when set, is the policy of the run as given, read by no
	// rule of this package: for tests of the engines and for runs whose
	// caller holds a policy that is not the repository's.
	Policy *config.Config
	// PolicyLoader, when set, replaces the base-policy rule (Load); tests
	// of the GitHub handlers use a loader of the work tree's file.
	PolicyLoader PolicyLoader
}

// Target is one run's facts. Its methods only read what Open found.
type Target struct {
	root string
	repo *gitrepo.Repo
	// place is the root's place in repo ("." for its top), "" without a
	// repository.
	place      string
	named      string
	base       *object.Commit
	mergeBase  *object.Commit
	head       *object.Commit
	checkedOut bool
	policy     *config.Config
	policyNote string
	// incomingNote says what a configuration the change adds to an
	// unconfigured base decides once merged.
	incomingNote string
	// baseUnconfigured: the named base holds no configuration file.
	baseUnconfigured bool
	changes          []gitrepo.Change
	inRoot           []gitrepo.Change
	changed          map[string]bool
}

// ErrNoRepository is returned when a run with a base has no repository.
var ErrNoRepository = errors.New("the root is in no git repository")

// Open finds, once, everything the run needs to know about where it
// stands. The root is refused through a symlink inside its repository
// (safefile.CheckRoot). Without a base, a root in no repository is
// allowed: its paths are published as they are.
func Open(opts Options) (*Target, error) {
	root, err := filepath.Abs(opts.Root)
	if err != nil {
		return nil, fmt.Errorf("root %s: %w", opts.Root, err)
	}
	if err := safefile.CheckRoot(root); err != nil {
		return nil, err
	}
	t := &Target{root: root}
	repo, openErr := gitrepo.Open(root)
	if openErr == nil {
		t.repo = repo
		if t.place, err = repo.PathOf(root); err != nil {
			return nil, err
		}
		if err := t.resolve(opts); err != nil {
			return nil, err
		}
	} else if opts.Base != "" || opts.Head != "" {
		return nil, fmt.Errorf("%w: %w", ErrNoRepository, openErr)
	}
	if err := t.loadPolicy(opts); err != nil {
		return nil, err
	}
	if err := t.findBaseUnconfigured(opts.ConfigFile); err != nil {
		return nil, err
	}
	return t, nil
}

// resolve turns the revision names into commits and lists the change.
func (t *Target) resolve(opts Options) error {
	headName := opts.Head
	if headName == "" {
		headName = "HEAD"
	}
	head, err := t.repo.Commit(headName)
	switch {
	case err != nil && opts.Base == "" && opts.Head == "":
		return nil // a repository with no commit yet: nothing to compare with
	case err != nil:
		return fmt.Errorf("head revision: %w", err)
	}
	t.head, t.checkedOut = head, opts.Head == ""
	if !t.checkedOut {
		if at, err := t.repo.Commit("HEAD"); err == nil && at.Hash == head.Hash {
			t.checkedOut = true
		}
	}
	if opts.Base == "" {
		return nil
	}
	t.named = opts.Base
	if t.base, err = t.repo.Commit(opts.Base); err != nil {
		return fmt.Errorf("base revision: %w", err)
	}
	if t.mergeBase, err = MergeBase(t.base, head); err != nil {
		return err
	}
	if t.changes, err = t.repo.Changes(t.mergeBase, head); err != nil {
		return fmt.Errorf("changed files: %w", err)
	}
	t.inRoot = gitrepo.Within(t.changes, t.place)
	t.changed = make(map[string]bool, len(t.inRoot))
	for _, ch := range t.inRoot {
		t.changed[ch.Path] = true
	}
	return nil
}

// Root is the root's absolute directory.
func (t *Target) Root() string { return t.root }

// Repo is the repository holding the root; nil when there is none.
func (t *Target) Repo() *gitrepo.Repo { return t.repo }

// Place is the root's place in its repository, as gitrepo.Repo.PathOf
// gives it ("." for the top); "" when the root is in no repository.
func (t *Target) Place() string { return t.place }

// HasBase reports whether the run compares with a base.
func (t *Target) HasBase() bool { return t.mergeBase != nil }

// BaseName is the base revision as the run named it ("" without one).
func (t *Target) BaseName() string { return t.named }

// Base is the named base's commit (the policy is read there); nil
// without a base.
func (t *Target) Base() *object.Commit { return t.base }

// MergeBase is the commit the change starts from: the merge base of the
// named base and the head, so the base branch's own later commits are
// never blamed on the change. Nil without a base.
func (t *Target) MergeBase() *object.Commit { return t.mergeBase }

// Head is the commit under review; nil in a repository with no commit.
func (t *Target) Head() *object.Commit { return t.head }

// HeadCheckedOut reports whether the head is the commit the work tree
// has checked out, so the files on disk are the head's (with whatever
// the work tree has not committed).
func (t *Target) HeadCheckedOut() bool { return t.checkedOut }

// HeadSHA is the head commit's full hash; "" without one.
func (t *Target) HeadSHA() string { return sha(t.head) }

// MergeBaseSHA is the merge base's full hash; "" without a base.
func (t *Target) MergeBaseSHA() string { return sha(t.mergeBase) }

// BaseSHA is the named base's full hash; "" without a base.
func (t *Target) BaseSHA() string { return sha(t.base) }

// Policy is the configuration that judges the run.
func (t *Target) Policy() *config.Config { return t.policy }

// PolicyNotes are the notes on the policy a reviewer should read: the
// PolicyNote and, for a configuration the change adds to a base that has
// none, what it will decide once merged (or why it will not load). Each
// fits a results document's note.
func (t *Target) PolicyNotes() []string {
	var out []string
	for _, n := range []string{t.policyNote, t.incomingNote} {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}

// Changes are the files changed from the merge base to the head, by
// their paths in the repository.
func (t *Target) Changes() []gitrepo.Change { return t.changes }

// InRoot are the changes inside the root, by their paths in it, as the
// stories' and the configuration's paths are.
func (t *Target) InRoot() []gitrepo.Change { return t.inRoot }

// Changed reports whether path (relative to the root) changed; without a
// base every file counts as changed, since nothing narrower is known.
func (t *Target) Changed(path string) bool {
	if !t.HasBase() {
		return true
	}
	return t.changed[path]
}

// Source is what a sandbox clones for the run: the repository's top, the
// root's place in it and the head commit; a zero Commit when there is no
// commit to clone.
func (t *Target) Source() sandbox.Source {
	if t.repo == nil || t.head == nil {
		return sandbox.Source{}
	}
	return sandbox.Source{Top: t.repo.Root(), Place: t.place, Commit: t.HeadSHA()}
}

// RepoPath is path, relative to the root, from the repository's top.
func (t *Target) RepoPath(path string) string { return rootpath.RepoPath(t.place, path) }

func sha(c *object.Commit) string {
	if c == nil {
		return ""
	}
	return c.Hash.String()
}
