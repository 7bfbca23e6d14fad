package gitrepo

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/rootpath"
)

// A root is the directory the stories and their policy are read from
// (--root). It may be a directory inside its repository, a monorepo's
// package, while git names every file by its path from the repository's
// top. PathOf finds where a root is and Within takes a change into it;
// the pure path translations (InDir into the root, RepoPath back out)
// are package rootpath's (docs/action.md, "A root inside its
// repository").

// PathOf is where dir is in r's work tree: a clean slash path relative to
// its top, "." for the top itself. Symlinks are resolved on both sides, so
// a root named through a link in the repository is the directory it
// links to, where git reports its files. A dir outside the work tree is
// an error. Callers find it once, before any command from the change
// runs: later, such a command could have moved a directory on the way.
func (r *Repo) PathOf(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("locate %s in its repository: %w", dir, err)
	}
	if abs == filepath.Clean(r.root) {
		return ".", nil
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("locate %s in its repository: %w", dir, err)
	}
	top, err := filepath.EvalSymlinks(r.root)
	if err != nil {
		return "", fmt.Errorf("locate %s in its repository: %w", dir, err)
	}
	rel, err := filepath.Rel(top, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("locate %s in its repository: %s is not inside the work tree %s", dir, real, top)
	}
	return filepath.ToSlash(rel), nil
}

// Within lists the changes inside dir (as PathOf gives it), with paths
// relative to it. A change outside dir is dropped: a root's stories and
// policy are about its own files only, so a monorepo change touching
// another package is not theirs to judge. A file moved across dir's
// boundary is, as git reports every move, a deletion and a creation, so
// for dir it is created (moved in) or deleted (moved out).
func Within(changes []Change, dir string) []Change {
	if rootpath.AtTop(dir) {
		return changes
	}
	out := make([]Change, 0, len(changes))
	for _, ch := range changes {
		if rel, inside := rootpath.InDir(dir, ch.Path); inside {
			out = append(out, Change{Path: rel, Kind: ch.Kind})
		}
	}
	return out
}

// Paths lists the paths of changes.
func Paths(changes []Change) []string {
	out := make([]string, len(changes))
	for i, ch := range changes {
		out[i] = ch.Path
	}
	return out
}
