package cli

import (
	"fmt"
	"os"

	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/verify"
)

// isolate is called by the commands that run code from the change (verify,
// revert-check) once the configuration is read and before anything runs:
// storygate drops its own secrets and becomes non-dumpable, and the
// sandbox is set up. src is what the commands' clones are made of.
// Where no sandbox isolates, a warning says so on stderr.
func isolate(e env, tool string, t *target.Target) (*sandbox.Sandbox, sandbox.Source, error) {
	root, cfg := t.Root(), t.Policy()
	if err := sandbox.ProtectSelf(cfg.Verify.SecretEnv); err != nil {
		return nil, sandbox.Source{}, err
	}
	ctx := e.ctx
	sb := sandbox.New(ctx, verify.SandboxPolicy(cfg.Verify, os.Environ()))
	src := t.Source()
	switch {
	case src.Commit == "":
		sb = sb.Without("no commit to clone for it")
	case sb.Isolated() && sandbox.Dirty(ctx, root):
		fmt.Fprintf(e.stderr, "storygate %s: note: commands run in a clone of HEAD (%s); uncommitted changes are not in it\n", tool, src.Commit[:12])
	}
	if rep := sb.Report(); !rep.Isolated {
		fmt.Fprintf(e.stderr, "storygate %s: warning: %s\n", tool, rep.Summary())
	}
	return sb, src, nil
}
