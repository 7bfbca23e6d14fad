package collect

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/rootpath"
	"github.com/storygate/storygate/internal/target"
)

// filter is the run's filter mode: the option, else gate.filter.
func (r *run) filter() config.FilterMode {
	if r.opts.Filter != "" {
		return r.opts.Filter
	}
	return r.cfg.Gate.Filter
}

// rerun reports whether the verification of the story at path is rerun.
// The all mode reruns every story's. With a base the changed mode reruns
// the stories the change touched; without one there is no change to go
// by, and the stories that differ from HEAD in the work tree (modified,
// staged or new) count as changed: what a developer running the gate on
// their checkout is working on. Outside a git repository, or before its
// first commit, every story counts.
func (r *run) rerun(path string) bool {
	switch {
	case r.filter() == config.FilterAll:
		return true
	case r.t.HasBase():
		return r.changed(path)
	}
	if r.workTree == nil {
		r.workTree = openWorkTreeDiff(r.t)
	}
	return r.workTree.differs(path)
}

// noteNotRerun says, for a run without a base, how many stories'
// verification was left out as unchanged against HEAD; with a base only
// the change's stories were ever rerun, which the verify title says.
func (r *run) noteNotRerun(skipped, rerun int) {
	if skipped == 0 || r.t.HasBase() {
		return
	}
	r.note(fmt.Sprintf("No base revision: verification of %s not rerun, unchanged against HEAD in the work tree (%d rerun); --all reruns every story's.",
		plural(skipped, "story"), rerun))
}

// untouchedTitle is the one line the stories gate's title gives the
// findings on untouched stories.
func untouchedTitle(ds []diag.Diagnostic) string {
	if len(ds) == 0 {
		return ""
	}
	return fmt.Sprintf("; %s in %s this change did not touch, not judged", plural(len(ds), "finding"), plural(diag.FileCount(ds), "story"))
}

// workTreeDiff compares story files on disk with HEAD.
type workTreeDiff struct {
	repo *gitrepo.Repo
	head *object.Commit
	// root is the gate's root; place is where it is in the repository
	// (gitrepo.Repo.PathOf, found with the changes).
	root, place string
}

// openWorkTreeDiff compares with the run's head commit; nil fields mean
// there is no HEAD to compare with, and every file differs.
func openWorkTreeDiff(t *target.Target) *workTreeDiff {
	w := &workTreeDiff{root: t.Root()}
	if t.Repo() == nil || t.Head() == nil {
		return w
	}
	w.repo, w.head, w.place = t.Repo(), t.Head(), t.Place()
	return w
}

// differs reports whether the file at path (relative to root) differs
// from HEAD's; anything that cannot be compared differs.
func (w *workTreeDiff) differs(path string) bool {
	if w.repo == nil {
		return true
	}
	committed, ok, err := w.repo.ReadFile(w.head, rootpath.RepoPath(w.place, path))
	if err != nil || !ok {
		return true
	}
	onDisk, err := os.ReadFile(filepath.Join(w.root, filepath.FromSlash(path)))
	return err != nil || !bytes.Equal(committed, onDisk)
}
