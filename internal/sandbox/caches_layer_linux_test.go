//go:build linux

package sandbox

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCacheLayerChoice(t *testing.T) {
	for _, tc := range []struct {
		name    string
		overlay bool
		root    bool
		c       cache
		want    Layer
	}{
		{"overlay, not root", true, false, cache{Name: "go-build", Host: "/h/b"}, LayerOverlay},
		{"overlay, not root, module cache", true, false, cache{Name: "go-mod", Host: "/h/m"}, LayerOverlay},
		{"overlay but root", true, true, cache{Name: "go-build", Host: "/h/b"}, LayerCopy},
		{"root with kernel overlays", false, true, cache{Name: "go-build", Host: "/h/b"}, LayerKernelOverlay},
		{"root with kernel overlays, module cache", false, true, cache{Name: "go-mod", Host: "/h/m"}, LayerReadOnly},
		{"no overlay", false, false, cache{Name: "npm", Host: "/h/npm"}, LayerCopy},
		{"no overlay, module cache", false, true, cache{Name: "go-mod", Host: "/h/m"}, LayerReadOnly},
		{"the runner has none", true, false, cache{Name: "go-build"}, LayerEmpty},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Sandbox{machine: &machine{overlay: tc.overlay}}
			if tc.root {
				s.setpriv = "/usr/bin/setpriv"
				s.kernelOverlay = strings.Contains(tc.name, "kernel")
			}
			if got := s.cacheLayer(tc.c); got != tc.want {
				t.Fatalf("layer %s, want %s", got, tc.want)
			}
		})
	}
}

// TestCacheMountsOverlayArguments: with an overlay-capable bwrap and a
// non-root storygate, the runner's caches are overlay lower layers under
// a tmpfs upper one, and nothing is made on the host.
func TestCacheMountsOverlayArguments(t *testing.T) {
	mod, build := t.TempDir(), t.TempDir()
	s := &Sandbox{machine: &machine{overlay: true}, policy: Policy{Caches: true}}
	l, err := s.cacheMounts([]string{"GOMODCACHE=" + mod, "GOCACHE=" + build, "HOME=/nonexistent"}, projectUses(), true)
	if err != nil {
		t.Fatal(err)
	}
	defer l.release()
	// The module cache at its own path (modulesInPlace), its parent made
	// reachable; the build cache under /tmp/cache.
	want := []string{"--perms", "0755", "--dir", cacheDir, "--perms", "0755", "--dir", filepath.Dir(mod),
		"--overlay-src", mod, "--tmp-overlay", mod, "--overlay-src", build, "--tmp-overlay", cacheDir + "/go-build"}
	if len(l.scratch) != 0 || !slices.Equal(l.args, want) {
		t.Fatalf("args %q scratch %q, want %q and none", l.args, l.scratch, want)
	}
}

// TestModulesInPlace: Go's module cache is mounted at the runner's own
// path (a dependency's compilation is keyed by its directory) where the
// path can take a mount; elsewhere, and for every other cache, under
// /tmp/cache.
func TestModulesInPlace(t *testing.T) {
	t.Parallel()
	caches := modulesInPlace([]cache{
		{Name: "go-mod", Host: "/home/runner/go/pkg/mod/", Inside: cacheDir + "/go-mod"},
		{Name: "go-build", Host: "/home/runner/.cache/go-build", Inside: cacheDir + "/go-build"},
	})
	if caches[0].Inside != "/home/runner/go/pkg/mod" || caches[1].Inside != cacheDir+"/go-build" {
		t.Fatalf("inside paths %q, %q", caches[0].Inside, caches[1].Inside)
	}
	for _, host := range []string{"/usr/local/go-mod", "", cacheDir + "/go-mod"} {
		if c := modulesInPlace([]cache{{Name: "go-mod", Host: host, Inside: cacheDir + "/go-mod"}}); c[0].Inside != cacheDir+"/go-mod" {
			t.Errorf("host %q: inside %q, want %s", host, c[0].Inside, cacheDir+"/go-mod")
		}
	}
}
