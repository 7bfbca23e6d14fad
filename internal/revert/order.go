package revert

import (
	"sort"

	"github.com/storygate/storygate/internal/gitrepo"
)

// The classes of an edit, in the order the check decides them. Reverting
// an edit restores what the change took away, so the edits that take
// most away go first: they are the ones that can weaken the suite (a
// deleted test file, a dropped assertion, a loosened one), and none of
// the order depends on a name the change chose.
const (
	// classDeleted is a deleted file.
	classDeleted = iota
	// classRemoves is a hunk that only removes lines (a dropped assertion),
	// or a file holding one.
	classRemoves
	// classReplaces is a hunk that replaces lines (a repair, or a
	// loosened assertion), or a file holding one; a file that cannot be
	// split into lines (binary, a symlink, over the bounds) is counted
	// here, since what it removes cannot be told.
	classReplaces
	// classAdds is a hunk that only adds lines, or a file holding only such.
	classAdds
)

// rank orders edits: by class, then the lines removed (more first), then
// the lines added (fewer first: a replacement that adds back less loosens
// more), then path and line, so the order is total and deterministic.
type rank struct {
	class, removed, added int
	path                  string
	line                  int
}

func (a rank) before(b rank) bool {
	switch {
	case a.class != b.class:
		return a.class < b.class
	case a.removed != b.removed:
		return a.removed > b.removed
	case a.added != b.added:
		return a.added < b.added
	case a.path != b.path:
		return a.path < b.path
	}
	return a.line < b.line
}

func hunkRank(path string, h Hunk) rank {
	r := rank{class: classReplaces, removed: h.Base.Count, added: h.Head.Count, path: path, line: h.Head.Start}
	switch {
	case h.Head.Count == 0:
		r.class = classRemoves
	case h.Base.Count == 0:
		r.class = classAdds
	}
	return r
}

// planned is one collected path with its hunks (when it can be split)
// and its rank.
type planned struct {
	path string
	// hunks are the file's hunks in line order, nil when it is decided as
	// a file only (deleted, not text, over the bounds).
	hunks []Hunk
	// head is the head version the hunks are undone in.
	head gitrepo.Blob
	rank rank
}

// plan is every collected path with a base version, in the order the
// check decides them.
type plan []planned

// newPlan splits each path into hunks and ranks it: a deleted file first,
// else by its most removing hunk, with the lines it removes and adds in
// all. A path without a base version is left out: it cannot be reverted.
func (r *runner) newPlan(paths []string) plan {
	var out plan
	for _, p := range paths {
		if _, err := r.opt.Snapshot.Blob(p); err != nil {
			continue
		}
		out = append(out, r.planned(p))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].rank.before(out[j].rank) })
	return out
}

func (r *runner) planned(p string) planned {
	if r.res.kinds[p] == string(gitrepo.Deleted) {
		return planned{path: p, rank: rank{class: classDeleted, path: p}}
	}
	pl := planned{path: p, rank: rank{class: classReplaces, path: p}}
	base, head, ok := r.texts(p)
	if !ok {
		return pl
	}
	hs := hunks(base.Content, head.Content)
	if len(hs) == 0 || len(hs) > maxHunks {
		return pl
	}
	pl.hunks, pl.head, pl.rank.class = hs, head, classAdds
	for _, h := range hs {
		pl.rank.class = min(pl.rank.class, hunkRank(p, h).class)
		pl.rank.removed += h.Base.Count
		pl.rank.added += h.Head.Count
	}
	return pl
}

// splitHunks counts the hunks the hunk granularity would revert one at a
// time at most: those of every file split into more than one.
func (p plan) splitHunks() int {
	n := 0
	for _, f := range p {
		if len(f.hunks) > 1 {
			n += len(f.hunks)
		}
	}
	return n
}

// pendingHunk is a hunk to decide on its own, with where its verdict goes.
type pendingHunk struct {
	file    *FileVerdict
	verdict *HunkVerdict
	undone  gitrepo.Blob
	rank    rank
}

// orderHunks puts the hunks to decide in the order the check decides
// them, across files: the one that removes most first.
func orderHunks(hs []pendingHunk) {
	sort.SliceStable(hs, func(i, j int) bool { return hs[i].rank.before(hs[j].rank) })
}
