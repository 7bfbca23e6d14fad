package verify

import (
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/storygate/storygate/internal/pathglob"
)

// governedIn lists the paths of the clone's work directory work that the
// governed entries (revert.governed: directories, files and globs,
// relative to the root) cover, for the sandbox to mount read-only over the
// clone: a verification command must not delete an assertion from a
// governed test to make its own rerun pass. A covered directory is one
// mount; .git and symbolic links are never listed (a link's target would
// be what the sandbox mounted).
func governedIn(work string, governed []string) ([]string, error) {
	if len(governed) == 0 {
		return nil, nil
	}
	var out []string
	err := filepath.WalkDir(work, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(work, p)
		switch {
		case err != nil:
			return err
		case rel == ".":
			return nil
		case rel == ".git" || d.Type()&fs.ModeSymlink != 0:
			return skip(d)
		}
		if _, ok := pathglob.CoversAny(governed, filepath.ToSlash(rel)); ok {
			out = append(out, p)
			return skip(d)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find the governed paths in the clone %s: %w", work, err)
	}
	return out, nil
}

// skip is WalkDir's answer that passes over d and, for a directory,
// everything under it.
func skip(d fs.DirEntry) error {
	if d.IsDir() {
		return filepath.SkipDir
	}
	return nil
}
