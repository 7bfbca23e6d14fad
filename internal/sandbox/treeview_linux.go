//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// objectsInside is where the sandbox mounts the object directories a
// tree borrows, one numbered directory each, read-only.
const objectsInside = "/.storygate/objects"

// treeView is how a command sees its tree in the sandbox: the clone
// (host) mounted at the path of the checkout it was made from (inside),
// so that a build keyed by the directory it ran in (Go's build cache
// keys a package's compilation by it) answers from the runner's warm
// cache as it does in the checkout, and a later command finds the same
// paths. The checkout's own object directory lies at the same path under
// the clone's .git, so the borrowed objects are mounted apart
// (objectsInside) and a file naming them there (alternates) is mounted
// over the clone's objects/info/alternates; the borrowed directories'
// own alternates, which the clone's list already flattens, are covered
// by an empty file (empty).
type treeView struct {
	host, inside      string
	objects           []string
	alternates, empty string
}

// newTreeView writes the view's files in t's scratch directory; the view
// is nil (the tree seen at its own path) when the checkout's path cannot
// take a mount safely (stableInside).
func newTreeView(t *Tree, top string) (*treeView, error) {
	inside := filepath.Clean(top)
	if !stableInside(inside) {
		return nil, nil
	}
	v := &treeView{host: t.Dir, inside: inside, objects: t.objects,
		alternates: filepath.Join(t.scratch, "alternates"), empty: filepath.Join(t.scratch, "empty")}
	var list strings.Builder
	for i := range t.objects {
		list.WriteString(v.objectDir(i) + "\n")
	}
	if err := os.WriteFile(v.alternates, []byte(list.String()), 0o644); err != nil {
		return nil, fmt.Errorf("the clone's alternates in the sandbox: %w", err)
	}
	if err := os.WriteFile(v.empty, nil, 0o644); err != nil {
		return nil, fmt.Errorf("the clone's alternates in the sandbox: %w", err)
	}
	return v, nil
}

// stableInside reports whether the checkout's path p can hold the clone
// in the sandbox: absolute, not a system directory or inside one (where
// the bind would land in a read-only mount of the host's), and neither
// holding nor inside the sandbox's own places (its home, caches,
// helper and objects, /proc, /dev). A path in /tmp is fine: the
// sandbox's /tmp is its own tmpfs, where the mount's parents are made.
func stableInside(p string) bool {
	if !filepath.IsAbs(p) || p == "/" || p == "/tmp" || underSystemDir(p) {
		return false
	}
	for _, own := range []string{"/proc", "/dev", "/.storygate", sandboxHome, cacheDir} {
		if p == own || within(p, own) || within(own, p) {
			return false
		}
	}
	return true
}

// objectDir is where borrowed object directory i is mounted.
func (v *treeView) objectDir(i int) string {
	return objectsInside + "/" + strconv.Itoa(i)
}

// see is where the command sees host path p: inside the view's tree when
// p lies in it, else at p itself.
func (v *treeView) see(p string) string {
	if v == nil || (filepath.Clean(p) != v.host && !within(filepath.Clean(p), v.host)) {
		return p
	}
	rel, err := filepath.Rel(v.host, filepath.Clean(p))
	if err != nil {
		return p
	}
	return filepath.Join(v.inside, rel)
}

// isObjects reports whether p is one of the borrowed object directories
// the view mounts apart.
func (v *treeView) isObjects(p string) bool {
	if v == nil {
		return false
	}
	for _, o := range v.objects {
		if o == p {
			return true
		}
	}
	return false
}

// mounts are the view's bwrap arguments after the tree's writable bind:
// the borrowed objects at objectsInside, the clone's alternates naming
// them there, and the empty file over their own alternates.
func (v *treeView) mounts() []string {
	if v == nil {
		return nil
	}
	var args []string
	for i, o := range v.objects {
		args = append(args, "--ro-bind", o, v.objectDir(i))
		if exists(filepath.Join(o, "info", "alternates")) {
			args = append(args, "--ro-bind", v.empty, v.objectDir(i)+"/info/alternates")
		}
	}
	if len(v.objects) > 0 {
		args = append(args, "--ro-bind", v.alternates, filepath.Join(v.inside, ".git", "objects", "info", "alternates"))
	}
	return args
}

// seen are paths where the command sees them (treeView.see).
func (m Mounts) seen(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = m.view.see(p)
	}
	return out
}
