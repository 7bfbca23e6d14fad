package bot

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/target"
)

// trustedRoot is the root publish recomputes in: a directory of the
// trusted checkout (the default branch), the repository's top or a
// package of it, named by the workflow author (--root, the action's root
// input). The document's own root is written by the unprivileged run, so
// it never decides where publish looks; it must agree (admit).
type trustedRoot struct {
	// checkout is the trusted checkout's target, with no base: its
	// repository holds the pull request's commits as git data, its head is
	// what the checkout has checked out (the default branch).
	checkout *target.Target
	// place is where the root is in the repository, as gitrepo.Repo.PathOf
	// gives it.
	place string
	// config is the workflow's configuration file, absolute; empty for
	// the root's default (PublishOptions.ConfigFile).
	config string
}

// configIn is the configuration file for a recompute in the pull
// request's head written out at top: a file inside the trusted checkout
// at its place in that tree, where the gate's policy reader finds it in
// the repository and reads it at the base revision, as the gate read it;
// a file outside the checkout as given.
func (r trustedRoot) configIn(top string) string {
	if r.config == "" {
		return ""
	}
	rel, err := filepath.Rel(r.checkout.Repo().Root(), r.config)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return r.config
	}
	return filepath.Join(top, rel)
}

// resolveTrustedRoot finds the root dir (empty: the Actions workspace) in
// the trusted checkout, refused through a symlink inside the repository
// exactly as the gate refuses it (safefile.CheckRoot).
func (b *Bot) resolveTrustedRoot(dir string) (trustedRoot, error) {
	if dir == "" {
		dir = b.getenv("GITHUB_WORKSPACE")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return trustedRoot{}, usage(fmt.Errorf("root %s: %w", dir, err))
	}
	if err := safefile.CheckRoot(abs); err != nil {
		return trustedRoot{}, usage(err)
	}
	if info, err := os.Stat(abs); err != nil || !info.IsDir() {
		return trustedRoot{}, usage(fmt.Errorf("the root %s is not a directory of the trusted checkout", dir))
	}
	// The checkout's own policy is never read: publish judges by the
	// base's, in the pull request's head (recompute).
	checkout, err := target.Open(target.Options{Root: abs, Policy: config.Default()})
	if err == nil && checkout.Repo() == nil {
		err = target.ErrNoRepository
	}
	if err != nil {
		return trustedRoot{}, usage(fmt.Errorf("publish needs the root in the trusted checkout holding the pull request's commits (--root, default GITHUB_WORKSPACE): %w", err))
	}
	return trustedRoot{checkout: checkout, place: checkout.Place()}, nil
}

// admit refuses a document made with another root than this one: a
// document from another package, or one claiming a root it was not made
// in, is not this root's verdict. A document with no root was made at the
// repository's top.
func (r trustedRoot) admit(doc *gate.Results) error {
	if doc.Root == r.name() {
		return nil
	}
	return fmt.Errorf("%w: the document was made with the root %s, this publish step's root is %s; pass both halves the same root",
		errRefused, rootName(doc.Root), rootName(r.name()))
}

// name is the root as a document records it: "" for the repository's top.
func (r trustedRoot) name() string {
	if r.place == "." {
		return ""
	}
	return r.place
}

// in is the root in tree, the pull request's head written out as data:
// refused when the head reaches it through a symlink, which would let the
// change pick the stories judged, or has no such directory.
func (r trustedRoot) in(tree string) (string, error) {
	root := filepath.Join(tree, filepath.FromSlash(r.place))
	if err := safefile.CheckRoot(root); err != nil {
		return "", fmt.Errorf("%w: at the pull request's head: %w", errRefused, err)
	}
	if info, err := os.Lstat(root); err != nil || !info.IsDir() {
		return "", fmt.Errorf("%w: the pull request's head has no directory %s, the root", errRefused, r.place)
	}
	return root, nil
}

// rootName says which root a document names, for a refusal.
func rootName(root string) string {
	if gate.AtTop(root) {
		return "the repository's top"
	}
	return fmt.Sprintf("%q", root)
}
