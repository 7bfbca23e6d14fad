package revert

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/storygate/storygate/internal/gitrepo"
)

// runner makes the suite runs of a file- or hunk-granularity check within
// the run budget, putting every reverted path back to head after its run.
type runner struct {
	ctx   context.Context
	opt   Options
	w     *Workspace
	res   *Result
	heads *gitrepo.Snapshot
	// undecided and decidable count the files and hunks left to a
	// coarser decision by the budget, and all of them.
	undecided, decidable int
}

// checkFine decides at file or hunk granularity. The runs go from coarse
// to fine: the baseline, every edit together (the set decision), each file
// on its own, then each hunk of a file that was forced as a whole. When
// the budget runs out, what is left keeps the verdict of the coarser
// decision covering it and the result says so. The overall verdict is the
// worst of every decision made, so a finer granularity only ever adds
// escalations: it can never clear what the set decision escalated.
func checkFine(ctx context.Context, opt Options, res *Result) error {
	w, ok, err := prepare(ctx, opt, res)
	if err != nil || !ok {
		return err
	}
	defer w.Close()
	heads, err := opt.Repo.Snapshot(opt.Head.Hash, res.Paths)
	if errors.Is(err, gitrepo.ErrTampered) {
		res.Verdict, res.Reason = CouldNotRun, fmt.Sprintf("the head versions to put back between runs cannot be read with their hashes checked: %v", err)
		return nil
	}
	if err != nil {
		return fmt.Errorf("revert check: head versions: %w", err)
	}
	r := &runner{ctx: ctx, opt: opt, w: w, res: res, heads: heads}
	bases := baseBlobs(opt.Snapshot, res.Paths)
	if len(bases) > 1 {
		if res.Set, err = r.decide(bases...); err != nil {
			return err
		}
	}
	for _, p := range res.Paths {
		fv, err := r.file(p)
		if err != nil {
			return err
		}
		if opt.granularity() == ByHunk {
			if fv.Hunks, err = r.hunks(fv); err != nil {
				return err
			}
		}
		res.Files = append(res.Files, fv)
	}
	if r.undecided > 0 {
		res.Incomplete = fmt.Sprintf("the run budget (max_runs %d) ran out: %d of %d files and hunks were not reverted on their own and keep the verdict of the coarser decision that covers them",
			res.MaxRuns, r.undecided, r.decidable)
	}
	res.summarize()
	return nil
}

func baseBlobs(s *gitrepo.Snapshot, paths []string) []gitrepo.Blob {
	var out []gitrepo.Blob
	for _, p := range paths {
		if b, err := s.Blob(p); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// decide restores blobs, runs the suite and puts the paths back to head;
// nil when the budget is spent.
func (r *runner) decide(blobs ...gitrepo.Blob) (*Decision, error) {
	if r.res.Runs >= r.res.MaxRuns {
		return nil, nil
	}
	run, verdict, reason, err := runRestored(r.ctx, r.opt, r.w, blobs)
	if err != nil {
		return nil, err
	}
	r.res.Runs++
	for _, b := range blobs {
		if err := r.w.Reapply(r.heads, b.Path); err != nil {
			return nil, err
		}
	}
	return &Decision{Verdict: verdict, Reason: reason, Run: &run}, nil
}

// counted counts a decision of a file or hunk, and one the budget left
// to a coarser decision.
func (r *runner) counted(d *Decision, err error) (*Decision, error) {
	r.decidable++
	if d == nil && err == nil {
		r.undecided++
	}
	return d, err
}

// file decides path on its own. With one revertable path the set decision
// is that run.
func (r *runner) file(path string) (FileVerdict, error) {
	fv := FileVerdict{Path: path, Kind: r.res.kinds[path], Decided: DecidedByFile}
	b, err := r.opt.Snapshot.Blob(path)
	if err != nil {
		fv.Verdict, fv.Reason = CouldNotRun, fmt.Sprintf("%s has no version at base %s to revert to", path, shortHash(r.opt.Base))
		return fv, nil
	}
	d, err := r.counted(r.decide(b))
	switch {
	case err != nil:
		return fv, err
	case d != nil:
		fv.Decision = *d
	case r.res.Set != nil:
		fv.Decision, fv.Decided = *r.res.Set, DecidedBySet
	default: // unreachable: with one revertable path its run is within any budget
		fv.Verdict, fv.Reason = CouldNotRun, "the run budget was spent before this file could be decided"
	}
	return fv, nil
}

// hunks decides each hunk of a modified text file that was forced as a
// whole and has more than one hunk. The hunks of any other file are listed
// with the file's verdict: when the whole file was not forced, no part of
// it was needed either.
func (r *runner) hunks(fv FileVerdict) ([]HunkVerdict, error) {
	base, head, ok := r.texts(fv.Path)
	if !ok {
		return nil, nil
	}
	hs := hunks(base.Content, head.Content)
	if len(hs) > maxHunks {
		return nil, nil
	}
	out := make([]HunkVerdict, 0, len(hs))
	alone := len(hs) > 1 && fv.Decided == DecidedByFile && fv.Verdict == Permitted
	for _, h := range hs {
		hv := HunkVerdict{Base: h.Base, Head: h.Head, Decision: fv.Decision, Decided: fv.Decided}
		if alone {
			d, err := r.counted(r.decide(undone(head, h)))
			if err != nil {
				return nil, err
			}
			if d != nil {
				hv.Decision, hv.Decided = *d, DecidedByHunk
			}
		}
		out = append(out, hv)
	}
	return out, nil
}

// Bounds on splitting a file into hunks: a larger file, or one with more
// hunks, is decided as a file. They keep a hostile test file from making
// the line diff or the result document as large as it likes.
const (
	maxHunkBytes = 1 << 20
	maxHunks     = 200
)

// texts returns the base and head versions of a path both sides hold as
// text files of at most maxHunkBytes: only those split into hunks.
func (r *runner) texts(path string) (base, head gitrepo.Blob, ok bool) {
	base, err := r.opt.Snapshot.Blob(path)
	if err != nil {
		return base, head, false
	}
	if head, err = r.heads.Blob(path); err != nil {
		return base, head, false
	}
	regular := func(b gitrepo.Blob) bool {
		return (b.Mode == filemode.Regular || b.Mode == filemode.Executable) && len(b.Content) <= maxHunkBytes && textual(b.Content)
	}
	return base, head, regular(base) && regular(head)
}

// undone is head's blob with only h set back to base, hashed so that
// restoring it checks what is written.
func undone(head gitrepo.Blob, h Hunk) gitrepo.Blob {
	content := h.undo(head.Content)
	return gitrepo.Blob{Path: head.Path, Mode: head.Mode, Content: content,
		Hash: plumbing.ComputeHash(plumbing.BlobObject, content)}
}

// summarize sets the overall verdict: the worst decision made (any
// escalation escalates, else any undecided part fails closed, else every
// edit was forced). The top-level run is the deciding one's.
func (r *Result) summarize() {
	for _, want := range []Verdict{Escalate, CouldNotRun, Permitted} {
		for _, d := range r.decisions() {
			if d.Verdict != want {
				continue
			}
			r.Verdict, r.Reason = want, d.Reason
			if d.Run != nil {
				r.setRun(*d.Run)
			}
			return
		}
	}
}

// decisions lists every decision of a fine check, finest first.
func (r *Result) decisions() []Decision {
	var out []Decision
	for _, f := range r.Files {
		for _, h := range f.Hunks {
			out = append(out, h.Decision)
		}
		out = append(out, f.Decision)
	}
	if r.Set != nil {
		out = append(out, *r.Set)
	}
	return out
}
