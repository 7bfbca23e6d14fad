package lint

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// ErrNoStories is returned for a directory named as a story path that
// holds no story file: validating or verifying it would judge nothing and
// pass ("0 files"), which hides a mistyped path in a CI job.
var ErrNoStories = errors.New("holds no story file")

// noStories is the error for the named directory dir.
func noStories(dir string) error {
	return fmt.Errorf("story path %s: %w (a STORY-*.md file, or a markdown file whose frontmatter declares schema: enso.story/v1; directories named %s are not walked)",
		dir, ErrNoStories, strings.Join(skippedNames(), ", "))
}

// requireStories refuses the first of the named directories dirs (slash
// paths relative to the root) under which no target lies.
func requireStories(dirs, targets []string) error {
	for _, d := range dirs {
		if !anyUnder(d, targets) {
			return noStories(d)
		}
	}
	return nil
}

// anyUnder reports whether a path of rels lies in the directory dir.
func anyUnder(dir string, rels []string) bool {
	return slices.ContainsFunc(rels, func(rel string) bool { return inDir(dir, rel) })
}

// inDir reports whether the slash path rel lies in the directory dir
// ("." is the root, holding every path).
func inDir(dir, rel string) bool {
	return dir == "." || rel == dir || strings.HasPrefix(rel, dir+"/")
}

// skippedNames are the directory names never walked, sorted.
func skippedNames() []string { return slices.Sorted(maps.Keys(skipDirs)) }
