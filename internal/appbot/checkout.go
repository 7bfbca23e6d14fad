package appbot

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"os/exec"
	"strings"
)

// GitCheckouts clones over HTTPS with git, the installation token in an
// http.extraheader given through GIT_CONFIG_* variables, as the shipped
// workflows pass it: never on a command line (where ps shows it), never
// in the clone's config (where it would outlive the clone).
type GitCheckouts struct {
	// BaseURL is where repositories are cloned from, owner/name.git under
	// it: https://github.com, or a GitHub Enterprise Server's root.
	BaseURL string
	// Git is the git binary; empty means git on PATH.
	Git string
	// Env is the environment git runs with (PATH, HOME); the token is
	// added to it per clone. nil means only PATH=/usr/bin:/bin.
	Env []string
}

// Checkout implements Checkouts: git init, one fetch of the branch and
// the commits, a detached checkout of the branch.
func (g GitCheckouts) Checkout(ctx context.Context, c Checkout) error {
	url := strings.TrimRight(g.BaseURL, "/") + "/" + c.Repo.FullName() + ".git"
	remote := "refs/remotes/origin/" + c.Branch
	fetch := append([]string{"-C", c.Dir, "fetch", "-q", "--no-tags", url, "+refs/heads/" + c.Branch + ":" + remote}, c.Commits...)
	for _, args := range [][]string{{"init", "-q", c.Dir}, fetch, {"-C", c.Dir, "checkout", "-q", "--detach", remote}} {
		if err := g.git(ctx, c.Token, args...); err != nil {
			return err
		}
	}
	for _, sha := range c.Optional {
		// A commit the server lacks is left out: publish then names it
		// missing rather than judge anything else.
		_ = g.git(ctx, c.Token, "-C", c.Dir, "fetch", "-q", "--no-tags", url, sha)
	}
	return nil
}

func (g GitCheckouts) git(ctx context.Context, token string, args ...string) error {
	bin := g.Git
	if bin == "" {
		bin = "git"
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(g.environ(), gitAuthEnv(token)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("git %s: %w: %s", args[2], err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

func (g GitCheckouts) environ() []string {
	if g.Env == nil {
		return []string{"PATH=/usr/bin:/bin"}
	}
	return g.Env
}

// gitAuthEnv is the token as checkout sends it, in GIT_CONFIG_* variables,
// with the user's and the system's git configuration left out and no
// prompt for credentials.
func gitAuthEnv(token string) []string {
	header := "AUTHORIZATION: basic " + base64.StdEncoding.EncodeToString([]byte("x-access-token:"+token))
	return []string{"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_TERMINAL_PROMPT=0",
		"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=http.extraheader", "GIT_CONFIG_VALUE_0=" + header}
}
