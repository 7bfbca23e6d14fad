package revert

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

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
	// g is the granularity the check decides at (auto resolved), and
	// coarsened says auto chose file: the runs the files leave then go to
	// hunks, the rest keep their file's verdict (choose).
	g         Granularity
	coarsened bool
	// decidable counts the files and hunks to revert on their own, and
	// undecided names those the budget did not reach.
	decidable int
	undecided []string
}

// checkFine decides at file or hunk granularity. The runs go from coarse
// to fine: the baseline, every edit together (the set decision), each file
// on its own, then each hunk of a file that was forced as a whole; files
// and hunks in the order of their rank (order.go), so deletions and
// removed lines are decided first, whatever the change names its files.
// When the budget runs out, what is left is escalate (it fails closed) and
// the result names it. The overall verdict is the worst of every decision
// made, so a finer granularity only ever adds escalations.
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
	pl := r.newPlan(res.Paths)
	r.choose(pl)
	if bases := baseBlobs(opt.Snapshot, res.Paths); len(bases) > 1 {
		if res.Set, err = r.decide(bases...); err != nil {
			return err
		}
	}
	if res.Files, err = r.files(pl); err != nil {
		return err
	}
	if r.g == ByHunk || r.coarsened {
		if err := r.hunks(pl, res.Files); err != nil {
			return err
		}
	}
	res.Incomplete = r.incomplete()
	// Listed by path, as Paths is; the order they were decided in is the
	// plan's (order.go), never the listing's.
	slices.SortStableFunc(res.Files, func(a, b FileVerdict) int { return strings.Compare(a.Path, b.Path) })
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

// own decides blob's edit on its own run. When the budget is spent it is
// escalate, named in the result: an edit the check did not decide is
// never taken for a forced one.
func (r *runner) own(name string, blob gitrepo.Blob) (Decision, string, error) {
	r.decidable++
	d, err := r.decide(blob)
	switch {
	case err != nil:
		return Decision{}, "", err
	case d == nil:
		r.undecided = append(r.undecided, name)
		return Decision{Verdict: Escalate, Reason: fmt.Sprintf("the run budget (max_runs %d) ran out before %s was reverted on its own; an edit left undecided fails closed", r.res.MaxRuns, name)},
			Undecided, nil
	}
	return *d, "", nil
}

// files decides each path on its own, in the plan's order; a path with
// no base version cannot be reverted and comes first, could_not_run.
func (r *runner) files(pl plan) ([]FileVerdict, error) {
	var out []FileVerdict
	for _, p := range r.res.Paths {
		if _, err := r.opt.Snapshot.Blob(p); err != nil {
			out = append(out, FileVerdict{Path: p, Kind: r.res.kinds[p], Decided: DecidedByFile,
				Decision: Decision{Verdict: CouldNotRun, Reason: fmt.Sprintf("%s has no version at base %s to revert to", p, shortHash(r.opt.Base))}})
		}
	}
	for _, f := range pl {
		b, _ := r.opt.Snapshot.Blob(f.path)
		d, how, err := r.own(f.path, b)
		if err != nil {
			return nil, err
		}
		out = append(out, FileVerdict{Path: f.path, Kind: r.res.kinds[f.path], Decision: d, Decided: cmp.Or(how, DecidedByFile)})
	}
	return out, nil
}

// hunks lists the hunks of every file split into hunks and decides on its
// own each hunk of a file that was forced as a whole and has more than
// one, in rank order across files (when auto coarsened to file, as many
// as the budget left). The hunks of any other file are
// listed with the file's verdict: when the whole file was not forced, no
// part of it was needed either.
func (r *runner) hunks(pl plan, files []FileVerdict) error {
	split := map[string]planned{}
	for _, f := range pl {
		split[f.path] = f
	}
	var pending []pendingHunk
	for i := range files {
		fv := &files[i]
		f, ok := split[fv.Path]
		if !ok || f.hunks == nil {
			continue
		}
		fv.Hunks = make([]HunkVerdict, len(f.hunks))
		alone := len(f.hunks) > 1 && fv.Decided == DecidedByFile && fv.Verdict == Permitted
		for j, h := range f.hunks {
			fv.Hunks[j] = HunkVerdict{Base: h.Base, Head: h.Head, Decision: fv.Decision, Decided: fv.Decided}
			if alone {
				pending = append(pending, pendingHunk{file: fv, verdict: &fv.Hunks[j], undone: undone(f.head, h), rank: hunkRank(f.path, h)})
			}
		}
	}
	orderHunks(pending)
	for _, ph := range pending {
		if r.coarsened && r.res.Runs >= r.res.MaxRuns {
			break // at file granularity the rest keep their file's verdict
		}
		d, how, err := r.own(ph.file.Path+" "+HunkRange(ph.verdict.Base, ph.verdict.Head), ph.undone)
		if err != nil {
			return err
		}
		ph.verdict.Decision, ph.verdict.Decided = d, cmp.Or(how, DecidedByHunk)
	}
	return nil
}

// maxNamedUndecided bounds the undecided edits Incomplete names; the
// files and hunks of the result list them all.
const maxNamedUndecided = 10

// incomplete says what the budget left undecided, naming it.
func (r *runner) incomplete() string {
	if len(r.undecided) == 0 {
		return ""
	}
	names := strings.Join(r.undecided[:min(len(r.undecided), maxNamedUndecided)], ", ")
	if more := len(r.undecided) - maxNamedUndecided; more > 0 {
		names += fmt.Sprintf(" and %d more", more)
	}
	return fmt.Sprintf("the run budget (max_runs %d) ran out: %d of %d files and hunks were not reverted on their own and escalate (an undecided edit fails closed): %s",
		r.res.MaxRuns, len(r.undecided), r.decidable, names)
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
