package cli

import (
	"context"
	"fmt"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/verify"
)

// isolate is called by the commands that run code from the change (verify,
// revert-check) once the configuration is read and before anything runs:
// storygate drops its own secrets and becomes non-dumpable, and the
// sandbox is set up. head is the commit the commands' clones are made at.
// Where no sandbox isolates, a warning says so on stderr.
func isolate(e env, tool, root string, cfg *config.Config) (*sandbox.Sandbox, string, error) {
	if err := sandbox.ProtectSelf(cfg.Verify.SecretEnv); err != nil {
		return nil, "", err
	}
	ctx := context.Background()
	sb := sandbox.New(ctx, verify.SandboxPolicy(cfg.Verify))
	head, err := headCommit(root)
	switch {
	case err != nil:
		sb = sb.Without(fmt.Sprintf("no commit to clone for it: %v", err))
	case sb.Isolated() && sandbox.Dirty(ctx, root):
		fmt.Fprintf(e.stderr, "storygate %s: note: commands run in a clone of HEAD (%s); uncommitted changes are not in it\n", tool, head[:12])
	}
	if rep := sb.Report(); !rep.Isolated {
		fmt.Fprintf(e.stderr, "storygate %s: warning: %s\n", tool, rep.Summary())
	}
	return sb, head, nil
}

func headCommit(root string) (string, error) {
	repo, err := gitrepo.Open(root)
	if err != nil {
		return "", err
	}
	c, err := repo.Commit("HEAD")
	if err != nil {
		return "", err
	}
	return c.Hash.String(), nil
}
