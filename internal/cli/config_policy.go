package cli

import (
	"fmt"
	"path/filepath"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gitrepo"
)

// policyAt loads the policy for a run on a pull request's behalf that does
// not gate it (slash commands): the configuration file as the base commit
// holds it, whether it is the default path or an explicit file inside the
// checkout (which holds the PR's head, so reading it from disk would let
// the PR relax its own approvers). An explicit file outside the checkout is
// the workflow's and is read as given; a base without the file means the
// defaults.
func policyAt(root, explicit, base string) (*config.Config, error) {
	repo, err := gitrepo.Open(root)
	if err != nil {
		return nil, err
	}
	rel, inRepo := configPathIn(repo, root), true
	if explicit != "" {
		rel, inRepo = repoRelative(repo, explicit)
	}
	if !inRepo {
		return config.Load(root, explicit)
	}
	commit, err := repo.Commit(base)
	if err != nil {
		return nil, err
	}
	data, ok, err := repo.ReadFile(commit, rel)
	if err != nil {
		return nil, err
	}
	if !ok {
		if explicit != "" {
			return nil, &config.Error{File: explicit, Message: fmt.Sprintf("not in the base revision %s; the policy must come from the base, not the pull request", shortRev(base))}
		}
		return config.Default(), nil
	}
	return config.Parse(fmt.Sprintf("%s at base %s", rel, shortRev(base)), data)
}

// repoRelative is path relative to the work tree's top, when inside it.
func repoRelative(repo *gitrepo.Repo, path string) (string, bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	dir, ok := relativeToTop(repo, filepath.Dir(abs))
	if !ok {
		return "", false
	}
	return filepath.ToSlash(filepath.Join(dir, filepath.Base(abs))), true
}
