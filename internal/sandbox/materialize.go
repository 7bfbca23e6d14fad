package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// cloneConfig is the clone's whole configuration: what `git init` writes,
// nothing of the checkout's (no remote, no credential helper, no
// http.extraheader).
const cloneConfig = "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n"

// materialize makes dir a repository of top's at commit, checked out
// detached: what `git clone --shared --no-checkout`, `git remote remove
// origin` and `git checkout --detach` made, in one git process. storygate
// writes the .git itself: HEAD naming the commit, git init's
// configuration, the checkout's object directory borrowed through
// objects/info/alternates, and copies of its refs (branches and tags, so
// that `git describe` and `git log main` work as in the checkout) and of
// its shallow list (a fetch-depth checkout's history ends where the
// checkout's does); then `git read-tree -u --reset` fills the index and
// the work tree. A checkout whose .git storygate does not write that way
// (a worktree's or submodule's .git file, the reftable format, SHA-256
// objects) is cloned with the git CLI, as before.
func materialize(ctx context.Context, top, dir, commit string) error {
	gitDir := filepath.Join(top, ".git")
	if !plainRepository(gitDir, commit) {
		return cloneWithGit(ctx, top, dir, commit)
	}
	dotGit := filepath.Join(dir, ".git")
	for _, d := range []string{"objects/info", "objects/pack", "refs/heads", "refs/tags"} {
		if err := os.MkdirAll(filepath.Join(dotGit, filepath.FromSlash(d)), 0o755); err != nil {
			return fmt.Errorf("make the clone's .git: %w", err)
		}
	}
	files := map[string]string{"HEAD": commit + "\n", "config": cloneConfig,
		"objects/info/alternates": filepath.Join(gitDir, "objects") + "\n"}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dotGit, filepath.FromSlash(name)), []byte(content), 0o644); err != nil {
			return fmt.Errorf("make the clone's .git: %w", err)
		}
	}
	if err := copyRefs(gitDir, dotGit); err != nil {
		return fmt.Errorf("copy the checkout's refs: %w", err)
	}
	return runGit(ctx, []string{"-C", dir, "-c", "core.hooksPath=/dev/null", "read-tree", "-u", "--reset", commit})
}

// plainRepository reports whether gitDir is a .git directory storygate can
// borrow from by writing the clone's .git itself: a real directory (not a
// link, not a worktree's or submodule's .git file) with an object
// directory and files-backend refs, and commit a SHA-1 object name.
func plainRepository(gitDir, commit string) bool {
	if len(commit) != 40 {
		return false
	}
	for _, d := range []string{gitDir, filepath.Join(gitDir, "objects")} {
		if info, err := os.Lstat(d); err != nil || !info.IsDir() {
			return false
		}
	}
	_, err := os.Lstat(filepath.Join(gitDir, "reftable"))
	return errors.Is(err, fs.ErrNotExist)
}

// cloneWithGit is the git CLI's clone: `git clone --shared
// --no-checkout`, the remote removed, the commit checked out detached
// with hooks disabled.
func cloneWithGit(ctx context.Context, top, dir, commit string) error {
	steps := [][]string{
		{"clone", "--quiet", "--shared", "--no-checkout", "--", top, dir},
		{"-C", dir, "remote", "remove", "origin"},
		{"-C", dir, "-c", "core.hooksPath=/dev/null", "-c", "advice.detachedHead=false", "checkout", "--quiet", "--detach", commit},
	}
	for _, args := range steps {
		if err := runGit(ctx, args); err != nil {
			return err
		}
	}
	return nil
}

// copyRefs copies the checkout's packed-refs, shallow list and loose
// refs (regular files only: a symbolic link in refs/ is not followed)
// into the clone's .git. A ref names a commit; none holds a credential.
func copyRefs(gitDir, dotGit string) error {
	for _, name := range []string{"packed-refs", "shallow"} {
		if err := copyRegular(filepath.Join(gitDir, name), filepath.Join(dotGit, name)); err != nil {
			return err
		}
	}
	refs := filepath.Join(gitDir, "refs")
	return filepath.WalkDir(refs, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(refs, p)
		if err != nil || rel == "." {
			return err
		}
		target := filepath.Join(dotGit, "refs", rel)
		switch {
		case d.IsDir():
			return ignoreExisting(os.Mkdir(target, 0o755))
		case d.Type().IsRegular():
			return copyRegular(p, target)
		}
		return nil
	})
}

// copyRegular copies the regular file src to dst; nothing when src does
// not exist or is not a regular file (a symbolic link is not followed:
// the file opened must be the one examined).
func copyRegular(src, dst string) error {
	seen, err := os.Lstat(src)
	if errors.Is(err, fs.ErrNotExist) || err == nil && !seen.Mode().IsRegular() {
		return nil
	}
	if err != nil {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	if opened, err := in.Stat(); err != nil || !os.SameFile(seen, opened) {
		return fmt.Errorf("%s changed while it was copied", src)
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

func ignoreExisting(err error) error {
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	return err
}
