//go:build linux

package sandbox

import (
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
			s := &Sandbox{overlay: tc.overlay}
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
	s := &Sandbox{overlay: true, policy: Policy{Caches: true}}
	l, err := s.cacheMounts([]string{"GOMODCACHE=" + mod, "GOCACHE=" + build, "HOME=/nonexistent"}, projectUses())
	if err != nil {
		t.Fatal(err)
	}
	defer l.release()
	want := []string{"--perms", "0755", "--dir", cacheDir, "--overlay-src", mod, "--tmp-overlay", cacheDir + "/go-mod",
		"--overlay-src", build, "--tmp-overlay", cacheDir + "/go-build"}
	if len(l.scratch) != 0 || !slices.Equal(l.args, want) {
		t.Fatalf("args %q scratch %q, want %q and none", l.args, l.scratch, want)
	}
}
