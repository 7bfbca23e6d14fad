//go:build linux

package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/storygate/storygate/internal/rundir"
)

// cacheLayers are one command's private writable layers over the runner's
// caches: the bwrap arguments that mount them, the environment naming
// them, and the host directories to remove when the command is done.
type cacheLayers struct {
	caches   []cache
	args     []string
	scratch  []string
	overlays []overlayLayer
}

// CacheSet is one check's private layers over the runner's caches, which
// every command of the check shares when its Mounts carry it: the revert
// check's baseline run warms the build cache for the reverted runs.
// Nothing written there reaches another check; Close removes it.
type CacheSet struct {
	layers cacheLayers
}

// Caches prepares the private cache layers of one check whose commands
// run with env in the trees dirs (a clone's top and the root in it: only
// the caches of the tools the project uses are mounted, projectUses); nil
// when commands are not isolated.
func (s *Sandbox) Caches(env []string, dirs ...string) (*CacheSet, error) {
	if !s.Isolated() {
		return nil, nil
	}
	l, err := s.cacheMounts(env, projectUses(dirs...), false)
	if err != nil {
		return nil, err
	}
	return &CacheSet{layers: l}, nil
}

// Close removes the layers; a nil set has none.
func (c *CacheSet) Close() {
	if c != nil {
		c.layers.release()
	}
}

// checkCaches are the layers a command in dir gets: its check's when m
// carries them (released with the check), else its own (released with
// it), for the tools its trees use.
func (s *Sandbox) checkCaches(env []string, dir string, m Mounts) (cacheLayers, func(), error) {
	if m.Caches != nil {
		return m.Caches.layers, nil, nil
	}
	uses := m.uses
	if uses == nil {
		trees := m.Writable
		if len(trees) > 0 {
			trees = append(append([]string{}, trees...), dir)
		}
		uses = projectUses(trees...)
	}
	l, err := s.cacheMounts(env, uses, true)
	return l, l.release, err
}

// release removes the layers' host directories: nothing a command wrote
// into a cache outlives it.
func (l cacheLayers) release() {
	for _, o := range l.overlays {
		o.release()
	}
	for _, d := range l.scratch {
		RemoveTree(d)
	}
}

// cacheMounts prepares the caches for the commands run with env, each as
// cacheLayer says. oneCommand says they are one command's: then an empty
// cache the project does not use is a directory of the command's private
// /tmp. A check's set (Caches) keeps every layer on the host, where its
// runs share it.
func (s *Sandbox) cacheMounts(env []string, uses func(string) bool, oneCommand bool) (cacheLayers, error) {
	caches := modulesInPlace(runnerCaches(env, s.policy.Caches, isDir, uses))
	l := cacheLayers{caches: caches}
	for _, dir := range cacheParents(caches) {
		// Reachable by the command, whatever its uid: bwrap would make
		// them 0700 root's.
		l.args = append(l.args, "--perms", "0755", "--dir", dir)
	}
	for _, c := range caches {
		if !within(c.Inside, cacheDir) {
			l.args = append(l.args, mountParents([]string{c.Inside})...)
		}
	}
	for _, c := range caches {
		if oneCommand && c.Host == "" && c.Unused {
			// In the private /tmp, which dies with the command: as private
			// as a scratch layer, without the host directories made,
			// handed over, mounted and removed for every command.
			l.args = append(l.args, "--perms", "0777", "--dir", c.Inside)
			continue
		}
		switch s.cacheLayer(c) {
		case LayerOverlay:
			l.args = append(l.args, "--overlay-src", c.Host, "--tmp-overlay", c.Inside)
			continue
		case LayerReadOnly:
			l.args = append(l.args, "--ro-bind", c.Host, c.Inside)
			continue
		case LayerKernelOverlay:
			o, err := mountOverlay(c.Host, UnprivilegedID)
			if err != nil {
				l.release()
				return cacheLayers{}, fmt.Errorf("sandbox: cache layer for %s: %w", c.Name, err)
			}
			l.overlays = append(l.overlays, o)
			l.args = append(l.args, "--bind", o.merged, c.Inside)
			continue
		}
		scratch, err := rundir.Temp("cache")
		if err != nil {
			l.release()
			return cacheLayers{}, fmt.Errorf("sandbox: cache layer for %s: %w", c.Name, err)
		}
		l.scratch = append(l.scratch, scratch)
		layer := filepath.Join(scratch, "layer")
		if err := s.copyLayer(c.Host, layer); err != nil {
			l.release()
			return cacheLayers{}, fmt.Errorf("sandbox: cache layer for %s from %s: %w", c.Name, c.Host, err)
		}
		l.args = append(l.args, "--bind", layer, c.Inside)
	}
	return l, nil
}

// cacheLayer chooses how a command gets cache c. With a bwrap that has
// overlays (0.9 and later) and a non-root storygate, the runner's
// directory is the lower layer under a tmpfs upper one that dies with the
// sandbox. Go's module cache, whose modules Go never changes once
// extracted (read-only files, checked against go.sum), is otherwise
// mounted read-only as it is, at no cost. A root storygate, whose command
// is uid 65534 and could create nothing in bwrap's overlay of root's
// directories, mounts a kernel overlay of its own where it can
// (caches_overlay_linux.go). Otherwise (bwrap 0.8, which Debian 12 ships,
// or no overlay mount) every other cache is a private copy the command
// owns (copyLayer) in a scratch directory removed afterwards; a cache the
// runner does not have is an empty private directory.
func (s *Sandbox) cacheLayer(c cache) Layer {
	switch {
	case c.Host == "":
		return LayerEmpty
	case s.overlay && s.setpriv == "":
		return LayerOverlay
	case c.Name == "go-mod":
		return LayerReadOnly
	case s.kernelOverlay && s.setpriv != "":
		return LayerKernelOverlay
	}
	return LayerCopy
}

// copyLayer makes layer the command's private copy of host ("" for an
// empty cache), owned by the command's user: directories made anew, files
// hard-linked where the command cannot change them in place (root's, not
// writable by others: the command can only replace its link) and copied
// otherwise (cloneTree). Its cost is one link per file of the cache.
func (s *Sandbox) copyLayer(host, layer string) error {
	owner, rootOwned := -1, false
	if s.setpriv != "" {
		owner, rootOwned = UnprivilegedID, true
	}
	if host == "" {
		if err := os.Mkdir(layer, 0o755); err != nil {
			return err
		}
		if owner >= 0 {
			return os.Chown(layer, owner, owner)
		}
		return nil
	}
	return cloneTree(host, layer, owner, rootOwned)
}

// overlaySupported reports whether bwrap has --overlay-src (0.9 and
// later).
func overlaySupported(bwrap string) bool {
	out, _ := exec.Command(bwrap, "--help").CombinedOutput()
	return bytes.Contains(out, []byte("--overlay-src"))
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}

// cacheReport says how commands run with env get the caches.
func (s *Sandbox) cacheReport(env []string) []CacheReport {
	var out []CacheReport
	for _, c := range modulesInPlace(runnerCaches(env, s.policy.Caches, isDir, projectUses())) {
		out = append(out, CacheReport{Name: c.Name, Host: c.Host, Inside: c.Inside, Layer: s.cacheLayer(c)})
	}
	return out
}

func doRelease(release func()) {
	if release != nil {
		release()
	}
}

// modulesInPlace mounts Go's module cache at the runner's own path where
// that path can take a mount (stableInside): Go's build cache keys a
// dependency's compilation by its directory, so under another path every
// check compiled every dependency (and so every package importing one)
// again, where the runner's warm cache had them. GOMODCACHE keeps its
// value. Only the cache itself is seen there, not what lies around it.
func modulesInPlace(caches []cache) []cache {
	for i, c := range caches {
		if c.Name == "go-mod" && c.Host != "" && stableInside(filepath.Clean(c.Host)) {
			caches[i].Inside = filepath.Clean(c.Host)
		}
	}
	return caches
}
