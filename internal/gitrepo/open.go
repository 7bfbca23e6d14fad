package gitrepo

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
)

// worktreeConfig is the extension `git sparse-checkout` and `git worktree`
// turn on so that each work tree can have a config.worktree of its own.
const worktreeConfig = "worktreeConfig"

// openGit opens the repository containing dir (a work tree, a linked
// worktree or anything inside them) for reading objects and refs.
//
// go-git refuses every repository extension it does not implement, and
// extensions.worktreeConfig is one of them, so a clone set up by `git
// sparse-checkout` could not be read at all. That extension changes only
// where git looks for per-worktree settings (config.worktree: the sparse
// patterns' switch, core.worktree overrides); objects, refs and the shared
// config mean exactly what they mean without it, and storygate reads the
// work tree from the file system, never through go-git's config. So such a
// repository is opened again with that one extension hidden; any other
// extension (objectFormat, partialClone, ...) still refuses the repository.
func openGit(dir string) (*git.Repository, error) {
	r, err := git.PlainOpenWithOptions(dir, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if err == nil || !refusedExtension(err) {
		return r, err
	}
	work, dot, common, lerr := locate(dir)
	if lerr != nil {
		return nil, errors.Join(err, lerr)
	}
	var commonFS billy.Filesystem
	if common != "" {
		commonFS = osfs.New(common)
	}
	st := filesystem.NewStorage(dotgit.NewRepositoryFilesystem(osfs.New(dot), commonFS), cache.NewObjectLRUDefault())
	cfg, cerr := st.Config()
	if cerr != nil || !cfg.Raw.Section("extensions").HasOption(worktreeConfig) {
		return nil, err // refused for an extension this fallback does not cover
	}
	r, err = git.Open(worktreeConfigHidden{st}, osfs.New(work))
	if err != nil {
		return nil, fmt.Errorf("open with extensions.%s set aside: %w", worktreeConfig, err)
	}
	return r, nil
}

func refusedExtension(err error) bool {
	return errors.Is(err, git.ErrUnsupportedExtensionRepositoryFormatVersion) || errors.Is(err, git.ErrUnknownExtension)
}

// worktreeConfigHidden is the repository's storage with its configuration
// read as if extensions.worktreeConfig were not set (see openGit). It
// writes nothing: storygate never sets configuration.
type worktreeConfigHidden struct{ *filesystem.Storage }

// Config reads the shared configuration without the worktreeConfig
// extension, which go-git would refuse.
func (s worktreeConfigHidden) Config() (*config.Config, error) {
	cfg, err := s.Storage.Config()
	if err != nil {
		return nil, fmt.Errorf("read repository config: %w", err)
	}
	cfg.Raw.Section("extensions").RemoveOption(worktreeConfig)
	return cfg, nil
}

// SetConfig refuses: a repository opened with an extension hidden must not
// have its configuration rewritten without it.
func (s worktreeConfigHidden) SetConfig(*config.Config) error {
	return errors.New("the repository was opened read-only (extensions.worktreeConfig set aside); its configuration is not written")
}

// locate finds, from dir upwards, the work tree, its git directory (".git",
// or the one a ".git" file names, as in a linked worktree) and the common
// directory that git directory's "commondir" names ("" when it has none),
// as git does.
func locate(dir string) (work, dot, common string, err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", "", fmt.Errorf("locate repository: %w", err)
	}
	for work = abs; ; work = filepath.Dir(work) {
		info, err := os.Stat(filepath.Join(work, ".git"))
		if err == nil {
			if dot, err = gitDir(work, info); err != nil {
				return "", "", "", err
			}
			common, err = relativeFile(dot, "commondir")
			return work, dot, common, err
		}
		if !errors.Is(err, os.ErrNotExist) {
			return "", "", "", fmt.Errorf("locate repository: %w", err)
		}
		if filepath.Dir(work) == work {
			return "", "", "", fmt.Errorf("locate repository from %s: %w", abs, git.ErrRepositoryNotExists)
		}
	}
}

// gitDir is work/.git itself, or the directory a .git file points to.
func gitDir(work string, info os.FileInfo) (string, error) {
	dot := filepath.Join(work, ".git")
	if info.IsDir() {
		return dot, nil
	}
	data, err := os.ReadFile(dot)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", dot, err)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	target, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir: ")
	if !ok {
		return "", fmt.Errorf("%s has no \"gitdir: \" line", dot)
	}
	return absUnder(work, strings.TrimSpace(target)), nil
}

// relativeFile reads a file in dir that names another directory, relative
// to dir or absolute; "" when there is no such file.
func relativeFile(dir, name string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, name))
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read %s: %w", filepath.Join(dir, name), err)
	}
	return absUnder(dir, strings.TrimSpace(string(data))), nil
}

func absUnder(base, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}
