package lint

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/storygate/storygate/internal/pathglob"
)

// discover returns the target stories (named by paths, or the globs' when
// there are none) and the set the cross-story rules see (the globs' plus
// the targets). When every named directory lies inside root, outside the
// directories the walk skips, one walk of root finds both; otherwise each
// is found on its own.
func discover(root string, paths, globs []string) (targets, set []string, err error) {
	if len(paths) == 0 {
		targets, err = FindStories(root, nil, globs)
		return targets, targets, err
	}
	dirs, files, ok := splitPaths(root, paths)
	if !ok {
		return discoverTwice(root, paths, globs)
	}
	return walkOnce(root, dirs, files, pathglob.Compile(globs))
}

// splitPaths sorts the named paths into directories and files relative to
// root; ok is false when one cannot be handled by a single walk of root.
func splitPaths(root string, paths []string) (dirs, files []string, ok bool) {
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(root, p)
		}
		info, err := os.Lstat(abs)
		rel, relErr := Rel(root, abs)
		if err != nil || relErr != nil {
			return nil, nil, false // let the slow path report the error
		}
		switch {
		case info.Mode()&os.ModeSymlink != 0:
			return nil, nil, false // the slow path resolves named links
		case !info.IsDir():
			files = append(files, rel)
		case rel != "." && underSkipped(rel):
			return nil, nil, false
		default:
			dirs = append(dirs, rel)
		}
	}
	return dirs, files, true
}

func underSkipped(rel string) bool {
	for _, seg := range strings.Split(rel, "/") {
		if skipDirs[seg] {
			return true
		}
	}
	return false
}

func walkOnce(root string, dirs, files []string, globs pathglob.Set) (targets, set []string, err error) {
	inDirs := func(rel string) bool {
		return slices.ContainsFunc(dirs, func(d string) bool { return inDir(d, rel) })
	}
	var targetSet []string
	err = walkStories(root, root, func(rel string) bool { return inDirs(rel) || globs.Match(rel) }, func(rel string) {
		set = append(set, rel)
		if inDirs(rel) {
			targetSet = append(targetSet, rel)
		}
	})
	if err != nil {
		return nil, nil, err
	}
	if err := requireStories(dirs, targetSet); err != nil {
		return nil, nil, err
	}
	return merge(targetSet, files), merge(set, files), nil
}

// merge returns the sorted union of two path lists.
func merge(a, b []string) []string {
	seen := make(map[string]bool, len(a)+len(b))
	out := make([]string, 0, len(a)+len(b))
	for _, p := range append(append([]string{}, a...), b...) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// discoverTwice is the general path: the named paths and the globs apart.
func discoverTwice(root string, paths, globs []string) (targets, set []string, err error) {
	if targets, err = FindStories(root, paths, globs); err != nil {
		return nil, nil, err
	}
	all, err := FindStories(root, nil, globs)
	if err != nil {
		return nil, nil, err
	}
	return targets, merge(all, targets), nil
}
