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

// loadConfig loads the configuration that governs a run. An explicit file
// (--config, the action's config input) is read as given. Without one, a
// run that compares with a base revision takes the base revision's
// .github/storygate.yml (the defaults when the base has none): the policy
// that judges a change must not come from the change, so a change that
// turns a rule off, lowers a severity or narrows the governed prefixes
// takes effect only once it is merged. Otherwise the work tree's file is
// read. note is set when the work tree's file differs from the base's, to
// tell the user why their edit is not in effect yet.
func loadConfig(root, explicit, base string) (cfg *config.Config, note string, err error) {
	if explicit != "" || base == "" {
		cfg, err = config.Load(root, explicit)
		return cfg, "", err
	}
	repo, err := gitrepo.Open(root)
	if err != nil {
		return nil, "", err
	}
	commit, err := repo.Commit(base)
	if err != nil {
		return nil, "", err
	}
	data, atBase, err := repo.ReadFile(commit, configPathIn(repo, root))
	if err != nil {
		return nil, "", err
	}
	cfg = config.Default()
	if atBase {
		name := fmt.Sprintf("%s at base %s", config.DefaultPath, shortRev(base))
		if cfg, err = config.Parse(name, data); err != nil {
			return nil, "", err
		}
	}
	local, err := config.ReadFile(root, "")
	inTree := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, "", &config.Error{File: filepath.Join(root, config.DefaultPath), Message: fmt.Sprintf("cannot read configuration: %v", err)}
	}
	if inTree != atBase || !bytes.Equal(local, data) {
		applies := "the base revision's " + config.DefaultPath
		if !atBase {
			applies = "the defaults (the base revision has no " + config.DefaultPath + ")"
		}
		note = fmt.Sprintf("%s differs from the base revision's: this change is judged by %s; the new configuration takes effect once merged (--config FILE names a file explicitly)", config.DefaultPath, applies)
	}
	return cfg, note, nil
}

// configPathIn is the configuration's path inside the repository: the
// default path under root, relative to the work tree's top.
func configPathIn(repo *gitrepo.Repo, root string) string {
	if rel, ok := relativeToTop(repo, root); ok {
		return filepath.ToSlash(filepath.Join(rel, config.DefaultPath))
	}
	return config.DefaultPath
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
