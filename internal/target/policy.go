package target

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gitrepo"
)

// PolicyLoader loads a run's configuration in place of the base-policy
// rule; Options.PolicyLoader.
type PolicyLoader interface {
	// Load returns the configuration and a note for the user when the
	// work tree's file is not the one in effect; base is the named base
	// revision ("" for none).
	Load(root, explicit, base string) (*config.Config, string, error)
}

// loadPolicy sets the run's policy. Without a base it is the named file,
// or the work tree's default file. With one, it is the policy as the
// named base commit holds it (basePolicy): the policy that judges a change
// must not come from the change, so a change that turns a rule off, lowers
// a severity or narrows the governed prefixes takes effect only once it is
// merged. It is read at the named base, the base branch's commit, not at
// the merge base: a change branched from an old commit must not choose
// the policy of its day.
func (t *Target) loadPolicy(opts Options) error {
	var err error
	switch {
	case opts.Policy != nil:
		t.policy = opts.Policy
	case opts.PolicyLoader != nil:
		t.policy, t.policyNote, err = opts.PolicyLoader.Load(t.root, opts.ConfigFile, opts.Base)
	case t.base == nil:
		t.policy, err = config.Load(t.root, opts.ConfigFile)
	default:
		var p policy
		if p, err = basePolicy(t.repo, t.root, opts.ConfigFile, t.base); err == nil {
			t.policy = p.cfg
			if p.fromBase {
				t.policyNote, t.incomingNote, err = p.notes(t.root, opts.ConfigFile)
			}
		}
	}
	return err
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
func basePolicy(repo *gitrepo.Repo, root, explicit string, base *object.Commit) (policy, error) {
	rel, inRepo := configPathIn(repo, root), true
	if explicit != "" {
		rel, inRepo = repoRelative(repo, explicit)
	}
	if !inRepo {
		cfg, err := config.Load(root, explicit)
		return policy{cfg: cfg}, err
	}
	data, atBase, err := repo.ReadFile(base, rel)
	if err != nil {
		return policy{}, err
	}
	p := policy{cfg: config.Default(), fromBase: true, rel: rel, data: data, atBase: atBase}
	switch {
	case atBase:
		p.cfg, err = config.Parse(fmt.Sprintf("%s at base %s", rel, short(base)), data)
	case explicit != "":
		err = &config.Error{File: explicit, Message: fmt.Sprintf("not in the base revision %s; the policy must come from the base, not the change (name a file outside the checkout to use one the base lacks)", short(base))}
	}
	return p, err
}

// notes says, when the work tree's copy of the policy file differs from
// the base's, which policy judges this change (differs), and when the
// base has none, what the change's file will decide once merged
// (incoming).
func (p policy) notes(root, explicit string) (differs, incoming string, err error) {
	local, err := readPolicyFile(root, explicit)
	inTree := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", "", err
	}
	if inTree == p.atBase && bytes.Equal(local, p.data) {
		return "", "", nil
	}
	applies := "the base revision's " + p.rel
	if !p.atBase {
		applies = "the defaults (the base revision has no " + p.rel + ")"
	}
	differs = fmt.Sprintf("%s differs from the base revision's: this change is judged by %s; the new configuration takes effect once merged (--config with a file outside the checkout names one explicitly)", p.rel, applies)
	if inTree && !p.atBase {
		incoming = onceMerged(p.rel, local)
	}
	return differs, incoming, nil
}

// onceMerged says what the configuration a change adds to an unconfigured
// base will decide once merged, or why it will not load: read to inform
// the reviewer of an adoption, never as this run's policy.
func onceMerged(rel string, data []byte) string {
	incoming, err := config.Parse(rel+" in this change", data)
	if err != nil {
		return shortNote(fmt.Sprintf("%s will not load once merged: %v", rel, err))
	}
	return shortNote(fmt.Sprintf("Once merged, %s applies: %s.", rel, incoming.Summary()))
}

// maxNote is the longest note a results document holds (gate.Validate).
const maxNote = 512

// shortNote cuts s to a results document's note, at a character
// boundary, marking the cut.
func shortNote(s string) string {
	if len(s) <= maxNote {
		return s
	}
	cut := maxNote - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// readPolicyFile reads the work tree's copy of the policy file.
func readPolicyFile(root, explicit string) ([]byte, error) {
	data, err := config.ReadFile(root, explicit)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		name := explicit
		if name == "" {
			name = filepath.Join(root, config.DefaultPath)
		}
		return nil, config.ReadError(name, err)
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
