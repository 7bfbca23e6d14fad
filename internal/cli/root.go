package cli

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/report"
)

// placeFor is place, where a run's root is in its repository, for the
// findings pipeline of a run printing format: "" for the formats that
// print paths as the run found them.
func placeFor(format, place string) string {
	if !report.RepositoryPaths(format) {
		return ""
	}
	return place
}

// repoRoot returns dir if given, else the git work tree around the working
// directory, else the working directory itself.
func repoRoot(dir string) (string, error) {
	if dir != "" {
		return filepath.Abs(dir)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	if top, ok := gitTop(wd); ok {
		return top, nil
	}
	return wd, nil
}

// rootFor picks the repository root for the paths a user named when no
// --root was given: the git work tree around the first path, else the
// working directory when the path lies under it, else the path's own
// directory. So `storygate validate /elsewhere/STORY-001.md` works from
// anywhere and reports paths relative to that story's repository.
func rootFor(dir string, paths []string) (string, error) {
	if dir != "" || len(paths) == 0 {
		return repoRoot(dir)
	}
	first, err := filepath.Abs(paths[0])
	if err != nil {
		return "", err
	}
	start := first
	if info, err := os.Stat(first); err != nil || !info.IsDir() {
		start = filepath.Dir(first)
	}
	if top, ok := gitTop(start); ok {
		return top, nil
	}
	if wd, err := os.Getwd(); err == nil && within(wd, start) {
		return wd, nil
	}
	return start, nil
}

// gitTop walks up from dir to the directory holding .git.
func gitTop(dir string) (string, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// absPaths makes command-line paths absolute against the working directory,
// so they mean what the user typed whatever the repository root is.
func absPaths(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		if abs, err := filepath.Abs(p); err == nil {
			out[i] = abs
		} else {
			out[i] = p
		}
	}
	return out
}
