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
	policy := verify.SandboxPolicy(r.cfg.Verify, r.opts.Environ)
	policy.LookPath = r.opts.LookPath
	r.sandbox = sandbox.New(r.ctx, policy)
	switch {
	case r.t.Repo() == nil:
		r.sandbox = r.sandbox.Without("no git repository to clone for it")
		return nil
	case r.t.Head() == nil:
		r.sandbox = r.sandbox.Without("no head commit to clone for it")
		return nil
	}
	if runs, _ := r.selected(gate.RevertCheck); runs && r.t.HasBase() && r.opts.Revert != nil {
		r.opts.Revert = r.isolatedRevert(r.t.Repo(), r.opts.Revert)
	}
	return nil
}

// isolatedRevert takes the snapshot now and hands it, with the sandbox, to
// the revert check when it runs. A snapshot that cannot be taken is left
// to the check, which reads the versions itself and fails closed if an
// object does not match its hash.
func (r *run) isolatedRevert(repo *gitrepo.Repo, next RevertFunc) RevertFunc {
	var paths []string
	for _, ch := range revert.Collect(r.t.Changes(), r.t.Place(), r.cfg.Revert.Governed, nil).Reverted {
		paths = append(paths, ch.Path)
	}
	snap, err := repo.Snapshot(r.t.MergeBase().Hash, paths)
	if err != nil {
		r.note(fmt.Sprintf("The base versions of the governed files could not be read with their hashes checked: %v", err))
	}
	return func(ctx context.Context, in RevertInput) (gate.Revert, []diag.Diagnostic, error) {
		in.Sandbox, in.Snapshot = r.sandbox, snap
		r.ranPRCode = r.ranPRCode || len(GovernedEdits(in)) > 0
		return next(ctx, in)
	}
}

// noteIsolation says in the report how the commands from the change were
// isolated, or that they were not: a note, and the document's isolation,
// which the comment's top line and the gate run's warning read.
func (r *run) noteIsolation() error {
	if r.ranPRCode {
		rep := r.sandbox.Report()
		r.note(rep.Summary() + ".")
		r.res.Isolation = &gate.Isolation{Sandboxed: rep.Isolated, Mode: string(rep.Mode), Summary: gate.CleanShort(rep.Summary())}
		r.sayRefused(rep)
	}
	return nil
}

// sayRefused puts, at the top of the verify and revert-check check runs,
// why their commands were not run when the sandbox refused them
// (verify.sandbox required, or auto where running unsandboxed is refused:
// verify.UnsandboxedRefusal). Their conclusions stay what the findings
// make them: a command that did not run is an error, so failure.
func (r *run) sayRefused(rep sandbox.Report) {
	if rep.Isolated || rep.Refused == "" && rep.Mode != sandbox.Required {
		return
	}
	for i, g := range r.res.Gates {
		if g.Name == gate.Verify || g.Name == gate.RevertCheck {
			r.res.Gates[i].Detail = gate.CleanText("**" + rep.Summary() + ".**\n\n" + g.Detail)
		}
	}
}
