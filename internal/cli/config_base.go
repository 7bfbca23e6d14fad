package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gitrepo"
)

// loadConfig loads the configuration that governs a run. Without a base
// revision it reads the named file, or the work tree's default file. With
// one, it reads the policy as the base holds it (basePolicy): the policy
// that judges a change must not come from the change, so a change that
// turns a rule off, lowers a severity or narrows the governed prefixes
// takes effect only once it is merged. note is set when the work tree's
// file differs from the base's, to tell the user why their edit is not in
// effect yet.
func loadConfig(root, explicit, base string) (*config.Config, string, error) {
	if base == "" {
		cfg, err := config.Load(root, explicit)
		return cfg, "", err
	}
	p, err := basePolicy(root, explicit, base)
	if err != nil || !p.fromBase {
		return p.cfg, "", err
	}
	note, err := p.differsNote(root, explicit)
	return p.cfg, note, err
}

// policyAt loads the policy for a run on a pull request's behalf that does
// not gate it (slash commands): the same policy a gate run would use.
func policyAt(root, explicit, base string) (*config.Config, error) {
	p, err := basePolicy(root, explicit, base)
	return p.cfg, err
}

// policy is a configuration and where it was read from.
type policy struct {
	cfg *config.Config
	// fromBase is set when cfg is the base revision's file (or the
	// defaults for its absence); rel is that file's path in the
	// repository, data its bytes and atBase whether the base holds it.
	fromBase bool
	rel      string
	data     []byte
	atBase   bool
}

// basePolicy reads the configuration file as the base commit holds it,
// whether it is the default path or an explicit file inside the checkout
// (the checkout holds the change's head, so reading it from disk would let
// the change relax its own policy). An explicit file outside the checkout
// is the workflow's and is read as given. A base without the default file
// means the defaults; a base without an explicit file is an error, since
// the policy must come from the base.
func basePolicy(root, explicit, base string) (policy, error) {
	repo, err := gitrepo.Open(root)
	if err != nil {
		return policy{}, err
	}
	rel, inRepo := configPathIn(repo, root), true
	if explicit != "" {
		rel, inRepo = repoRelative(repo, explicit)
	}
	if !inRepo {
		cfg, err := config.Load(root, explicit)
		return policy{cfg: cfg}, err
	}
	commit, err := repo.Commit(base)
	if err != nil {
		return policy{}, err
	}
	data, atBase, err := repo.ReadFile(commit, rel)
	if err != nil {
		return policy{}, err
	}
	p := policy{cfg: config.Default(), fromBase: true, rel: rel, data: data, atBase: atBase}
	switch {
	case atBase:
		p.cfg, err = config.Parse(fmt.Sprintf("%s at base %s", rel, shortRev(base)), data)
	case explicit != "":
		err = &config.Error{File: explicit, Message: fmt.Sprintf("not in the base revision %s; the policy must come from the base, not the change (name a file outside the checkout to use one the base lacks)", shortRev(base))}
	}
	return p, err
}

// differsNote says, when the work tree's copy of the policy file differs
// from the base's, which policy judges this change.
func (p policy) differsNote(root, explicit string) (string, error) {
	local, err := readPolicyFile(root, explicit)
	inTree := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	if inTree == p.atBase && bytes.Equal(local, p.data) {
		return "", nil
	}
	applies := "the base revision's " + p.rel
	if !p.atBase {
		applies = "the defaults (the base revision has no " + p.rel + ")"
	}
	return fmt.Sprintf("%s differs from the base revision's: this change is judged by %s; the new configuration takes effect once merged (--config with a file outside the checkout names one explicitly)", p.rel, applies), nil
}

// readPolicyFile reads the work tree's copy of the policy file.
func readPolicyFile(root, explicit string) ([]byte, error) {
	data, err := config.ReadFile(root, explicit)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		name := explicit
		if name == "" {
			name = filepath.Join(root, config.DefaultPath)
		}
		return nil, &config.Error{File: name, Message: fmt.Sprintf("cannot read configuration: %v", err)}
	}
	return data, err
}

// configPathIn is the configuration's path inside the repository: the
// default path under root, relative to the work tree's top.
func configPathIn(repo *gitrepo.Repo, root string) string {
	if rel, ok := relativeToTop(repo, root); ok {
		return filepath.ToSlash(filepath.Join(rel, config.DefaultPath))
	}
	return config.DefaultPath
}

// repoRelative is path relative to the work tree's top, when inside it.
// A path that names a place in the checkout as written counts as inside
// even when a directory on the way is a symlink leading out: the change
// can commit that symlink, and must not make its own policy file read as
// the workflow's by pointing it elsewhere. A path that only resolves into
// the checkout counts as inside too.
func repoRelative(repo *gitrepo.Repo, path string) (string, bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	if top, err := filepath.Abs(repo.Root()); err == nil {
		if rel, err := filepath.Rel(top, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(rel), true
		}
	}
	dir, ok := relativeToTop(repo, filepath.Dir(abs))
	if !ok {
		return "", false
	}
	return filepath.ToSlash(filepath.Join(dir, filepath.Base(abs))), true
}

// relativeToTop is dir relative to the work tree's top, both with symlinks
// resolved; ok is false when dir is outside it or cannot be resolved.
func relativeToTop(repo *gitrepo.Repo, dir string) (string, bool) {
	top, errTop := filepath.EvalSymlinks(repo.Root())
	real, errDir := filepath.EvalSymlinks(dir)
	if errTop != nil || errDir != nil {
		return "", false
	}
	rel, err := filepath.Rel(top, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// shortRev shortens a full SHA for messages; other revisions stay as given.
func shortRev(rev string) string {
	if len(rev) == 40 {
		return rev[:12]
	}
	return rev
}
