//go:build linux

package sandbox

import (
	"fmt"
	"path/filepath"
	"strings"
)

// fixedForbidden are forbidden on every runner: other users' homes, and
// the directories a container job mounts from the runner (/__w the work
// directory, /__e the runner's externals, /github its home and workflow
// files).
var fixedForbidden = []string{"/home", "/root", "/__w", "/__e", "/github"}

// runnerDirsOf finds the runner's directories from getenv (os.Getenv).
func runnerDirsOf(getenv func(string) string) runnerDirs {
	var d runnerDirs
	add := func(p string) {
		if p != "" && filepath.IsAbs(p) && filepath.Clean(p) != "/" {
			d.forbidden = append(d.forbidden, realPath(p))
		}
	}
	for _, p := range fixedForbidden {
		add(p)
	}
	for _, name := range []string{"HOME", "GITHUB_WORKSPACE", "RUNNER_WORKSPACE", "RUNNER_TEMP"} {
		add(getenv(name))
	}
	for _, work := range workDirs(getenv) {
		add(work)
		if filepath.Base(work) == "_work" {
			add(filepath.Dir(work)) // the runner's own directory
		}
	}
	if tc := getenv("RUNNER_TOOL_CACHE"); tc != "" && filepath.IsAbs(tc) {
		d.toolCache = realPath(tc)
	}
	return d
}

// workDirs are the runner's work directories: RUNNER_TEMP is <work>/_temp
// and RUNNER_WORKSPACE <work>/<repository> on every layout.
func workDirs(getenv func(string) string) []string {
	var out []string
	for _, name := range []string{"RUNNER_TEMP", "RUNNER_WORKSPACE"} {
		if p := getenv(name); p != "" && filepath.IsAbs(p) {
			out = append(out, filepath.Dir(filepath.Clean(p)))
		}
	}
	return out
}

// exposes says why mounting p would show the command a runner directory,
// or "". inTree allows p inside a forbidden directory: the caller's own
// clone and the object directories it borrows from the checkout hold no
// credential, only what contains one is refused.
func (d runnerDirs) exposes(p string, inTree bool) string {
	p = realPath(p)
	for _, f := range d.forbidden {
		switch {
		case p == f || within(f, p):
			return fmt.Sprintf("%s is or contains %s, which holds the runner's or a user's files", p, f)
		case within(p, f) && !inTree && !d.inToolCache(p):
			return fmt.Sprintf("%s lies inside %s, which holds the runner's or a user's files", p, f)
		}
	}
	return ""
}

// inToolCache reports whether p is or lies inside the tool cache.
func (d runnerDirs) inToolCache(p string) bool {
	return d.toolCache != "" && (p == d.toolCache || within(p, d.toolCache))
}

// toolchainRoot is the directory to mount for the PATH directory bin (a
// real path): in the tool cache the setup actions' <tool>/<version>/<arch>
// directory, elsewhere the directory above a bin directory, or bin itself.
func (d runnerDirs) toolchainRoot(bin string) string {
	if d.inToolCache(bin) {
		rel, _ := filepath.Rel(d.toolCache, bin)
		if parts := strings.Split(rel, string(filepath.Separator)); len(parts) > 3 {
			return filepath.Join(append([]string{d.toolCache}, parts[:3]...)...)
		}
		return bin
	}
	if parent := filepath.Dir(bin); filepath.Base(bin) == "bin" && filepath.Dir(parent) != "/" {
		return parent
	}
	return bin
}

// toolchains are the toolchain roots the PATH directories need mounted,
// and a note for each one left out because it would expose a runner
// directory; system directories and missing entries need nothing.
func (d runnerDirs) toolchains(path string) (roots, notes []string) {
	seen := map[string]bool{}
	for _, entry := range filepath.SplitList(path) {
		if entry == "" || !filepath.IsAbs(entry) {
			continue
		}
		real, err := filepath.EvalSymlinks(entry)
		if err != nil || underSystemDir(real) {
			continue
		}
		root := d.toolchainRoot(real)
		if seen[root] {
			continue
		}
		seen[root] = true
		if why := d.exposes(root, false); why != "" {
			notes = append(notes, fmt.Sprintf("PATH entry %s not mounted: %s", entry, why))
			continue
		}
		roots = append(roots, root)
	}
	return roots, notes
}

// refusal is the error for the first configured path (verify.sandbox_paths)
// that would expose a runner directory, or nil.
func (d runnerDirs) refusal(paths []string) error {
	for _, p := range paths {
		if why := d.exposes(p, false); why != "" {
			return fmt.Errorf("verify.sandbox_paths: %s is not mounted: %s; mount a toolchain or cache directory, not the runner's", p, why)
		}
	}
	return nil
}

// realPath is p with its symbolic links resolved, or p cleaned when it
// does not exist.
func realPath(p string) string {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	return filepath.Clean(p)
}

// within reports whether p lies strictly inside dir.
func within(p, dir string) bool {
	return strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// underSystemDir reports whether d is, or is inside, a system directory
// mounted read-only from the host, where nothing can be created.
func underSystemDir(d string) bool {
	for _, sys := range append(append([]string{}, systemDirs...), systemLinks...) {
		if d == sys || within(d, sys) {
			return true
		}
	}
	return false
}
