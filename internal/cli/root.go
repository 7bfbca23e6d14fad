package cli

import (
	"os"
	"path/filepath"
)

// repoRoot returns dir if given, else the nearest directory upward from the
// working directory that holds .git, else the working directory itself.
func repoRoot(dir string) (string, error) {
	if dir != "" {
		return filepath.Abs(dir)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return wd, nil
		}
	}
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
