// Package rootpath translates between a root's paths and its repository's.
// A root (--root) may be a directory inside its repository, a monorepo's
// package, while git and GitHub name every file by its path from the
// repository's top; a root's place is its directory as gitrepo's PathOf
// gives it ("." for the top). These are pure path functions, kept apart
// from gitrepo so that the printers and the results document can place a
// finding in the repository without linking git (docs/action.md, "A root
// inside its repository").
package rootpath

import "strings"

// AtTop reports whether dir, a root's place, is the repository's top.
func AtTop(dir string) bool { return dir == "" || dir == "." }

// InDir is the repository path p relative to dir (a root's place), and
// whether p lies inside dir at all.
func InDir(dir, p string) (string, bool) {
	if AtTop(dir) {
		return p, true
	}
	return strings.CutPrefix(p, dir+"/")
}

// RepoPath is the path p, relative to dir (a root's place), from the
// repository's top: what GitHub resolves a file path against.
func RepoPath(dir, p string) string {
	if AtTop(dir) {
		return p
	}
	return dir + "/" + p
}
