package collect

import (
	"context"
	"fmt"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/revert"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/verify"
)

// isolation prepares, before any command from the change runs, what keeps
// those commands from reaching trusted state: the sandbox (verify.sandbox),
// the commit their clones are made at, and the snapshot of every base
// version the revert check may restore, read with object hashes checked
// now, while the object store is still as the checkout left it.
func (r *run) isolation() error {
	r.sandbox = sandbox.New(r.ctx, verify.SandboxPolicy(r.opts.Config.Verify))
	repo, err := gitrepo.Open(r.opts.Root)
	if err != nil {
		r.sandbox = r.sandbox.Without(fmt.Sprintf("no git repository to clone for it: %v", err))
		return nil
	}
	head, err := repo.Commit(r.opts.Head)
	if err != nil {
		r.sandbox = r.sandbox.Without(fmt.Sprintf("no head commit to clone for it: %v", err))
		return nil
	}
	r.head = head.Hash.String()
	if runs, _ := r.selected(gate.RevertCheck); runs && r.opts.Base != "" && r.opts.Revert != nil {
		r.opts.Revert = r.isolatedRevert(repo, r.opts.Revert)
	}
	return nil
}

// isolatedRevert takes the snapshot now and hands it, with the sandbox, to
// the revert check when it runs. A snapshot that cannot be taken is left
// to the check, which reads the versions itself and fails closed if an
// object does not match its hash.
func (r *run) isolatedRevert(repo *gitrepo.Repo, next RevertFunc) RevertFunc {
	var snap *gitrepo.Snapshot
	if base, err := repo.Commit(r.opts.Base); err == nil && r.rootErr == nil {
		var paths []string
		for _, ch := range revert.Collect(r.changes, r.rootInRepo, r.opts.Config.Revert.Governed, nil).Reverted {
			paths = append(paths, ch.Path)
		}
		if snap, err = repo.Snapshot(base.Hash, paths); err != nil {
			r.note(fmt.Sprintf("The base versions of the governed files could not be read with their hashes checked: %v", err))
		}
	}
	return func(ctx context.Context, in RevertInput) (gate.Revert, []diag.Diagnostic, error) {
		in.Sandbox, in.Snapshot = r.sandbox, snap
		r.ranPRCode = r.ranPRCode || len(GovernedEdits(in)) > 0
		return next(ctx, in)
	}
}

// noteIsolation says in the report how the commands from the change were
// isolated, or that they were not.
func (r *run) noteIsolation() error {
	if r.ranPRCode {
		r.note(r.sandbox.Report().Summary() + ".")
	}
	return nil
}
