// Package workdir checks and resolves a verification item's working_dir:
// the directory inside the repository its command runs in. Lint checks
// what is written (Clean) and verify where it leads on disk (Resolve), so
// both read it alike without lint linking the executor.
package workdir

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/safefile"
)

// ErrOutside marks a verification item's working_dir that is not a
// directory inside the repository.
var ErrOutside = errors.New("working_dir must stay inside the repository")

// Clean checks working_dir as written: a relative slash path that stays
// inside the repository once cleaned ("" and "." are the root). It refuses
// an absolute path, a `..` that climbs out, a backslash (read differently
// on Windows) and control characters, and returns the path cleaned.
func Clean(wd string) (string, error) {
	switch {
	case strings.ContainsAny(wd, "\\\x00") || strings.ContainsFunc(wd, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return "", fmt.Errorf("%w: %q holds a backslash or a control character; write a slash path relative to the repository root", ErrOutside, wd)
	case strings.HasPrefix(wd, "/") || filepath.IsAbs(wd) || filepath.VolumeName(wd) != "":
		return "", fmt.Errorf("%w: %q is absolute; write it relative to the repository root", ErrOutside, wd)
	}
	clean := path.Clean("./" + wd)
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("%w: %q climbs out of the repository with ..", ErrOutside, wd)
	}
	return clean, nil
}

// Resolve is the directory under root an item runs in: working_dir
// checked by Clean, then its symlinks followed as far as it exists,
// refused when they lead out of root. A directory that does not exist is
// returned as it is: the command then cannot start, which is its verdict.
func Resolve(root, wd string) (string, error) {
	clean, err := Clean(wd)
	if err != nil || clean == "." {
		return root, err
	}
	dir := filepath.Join(root, filepath.FromSlash(clean))
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", fmt.Errorf("resolve the repository root %s: %w", root, err)
	}
	existing := dir
	for {
		if _, err := os.Lstat(existing); err == nil || existing == root {
			break
		}
		existing = filepath.Dir(existing)
	}
	real, err := filepath.EvalSymlinks(existing)
	if err != nil {
		return "", fmt.Errorf("%w: %q: %v", ErrOutside, wd, err)
	}
	if !safefile.Inside(realRoot, real) {
		return "", fmt.Errorf("%w: %q resolves through a symlink to %s", ErrOutside, wd, real)
	}
	return dir, nil
}
