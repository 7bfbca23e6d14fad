package safefile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrRootLink refuses a story root reached through a symbolic link that
// the checkout holds.
var ErrRootLink = errors.New("the root is reached through a symlink")

// CheckRoot refuses a root directory reached through a symlink inside its
// repository: the root itself, or a directory between the repository's
// top and the root. The checkout is what the change writes: a pull
// request that turned the configured root into a link would choose which
// stories are judged (and, before this check, a link was not walked, so
// the run found no story at all and passed). Links above the repository's
// top, a top that is one, and a root in no repository are the machine's,
// not the change's, and are followed. A root that does not exist is left
// for the caller to report.
func CheckRoot(root string) error {
	abs, err := filepath.Abs(root)
	if err != nil {
		return fmt.Errorf("root %s: %w", root, err)
	}
	top := RepoRoot(abs)
	if top == abs {
		return nil // the repository's top, or in no repository
	}
	rel, err := filepath.Rel(top, abs)
	if err != nil {
		return nil // top is a parent of abs: Rel cannot fail
	}
	p := top
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		p = filepath.Join(p, part)
		if isLink(p) {
			inRepo, _ := filepath.Rel(top, p)
			return fmt.Errorf("%w: %s, on the way from the repository's top to the root %s, is a symlink; name the directory it points to", ErrRootLink, filepath.ToSlash(inRepo), root)
		}
	}
	return nil
}

func isLink(p string) bool {
	info, err := os.Lstat(p)
	return err == nil && info.Mode()&os.ModeSymlink != 0
}
