//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/testrepo"
)

// poisonCache writes into the cache every way a command could: it
// overwrites each file (or replaces it when it cannot), removes one,
// adds a file and a directory, then lists what it sees.
const poisonCache = `c="$GOCACHE"
for f in "$c"/00/entry-a "$c"/00/shared-a "$c"/ff/entry-d; do
  printf poison > "$f" 2>/dev/null || { rm -f "$f" && printf poison > "$f"; }
done
rm -f "$c"/ff/gone
printf poison > "$c"/00/new-a && mkdir "$c"/newdir && printf poison > "$c"/newdir/x
echo "seen: $(cat "$c"/00/entry-a) $(cat "$c"/00/shared-a) $(cat "$c"/ff/entry-d) $(cat "$c"/newdir/x) gone=$(test -e "$c"/ff/gone && echo no || echo yes)"`

// TestRootCacheLayersKeepTheRunnersCache: for a root storygate, whose
// commands run as uid 65534, both private layers (the kernel overlay
// where it can mount one, the link farm where it cannot) let the command
// change the cache as its own, and leave the runner's cache byte for
// byte as it was, a world-writable file included; a later command sees
// the runner's cache again. The control is the command's own view: its
// writes landed.
func TestRootCacheLayersKeepTheRunnersCache(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the root layers need a root storygate")
	}
	for _, kernel := range []bool{false, true} {
		t.Run(fmt.Sprintf("kernel overlay %v", kernel), func(t *testing.T) {
			sb := New(context.Background(), Policy{Mode: Required, Caches: true})
			if !sb.Isolated() {
				needsandbox.Missing(t, sb.Report().Reason)
			}
			if kernel && !sb.kernelOverlay {
				t.Skip("no overlay mount here")
			}
			sb.kernelOverlay = kernel
			cache := runnerCache(t)
			before := testrepo.TreeDigest(t, cache)
			env := []string{"PATH=/usr/bin:/bin", "GOCACHE=" + cache}
			out := runWithCaches(t, sb, poisonCache, env)
			if !strings.Contains(out, "seen: poison poison poison poison gone=yes") {
				t.Fatalf("the command's writes did not land in its layer (control): %s", out)
			}
			if after := testrepo.TreeDigest(t, cache); after != before {
				t.Fatalf("the runner's cache changed:\nbefore %s\nafter  %s", before, after)
			}
			again := runWithCaches(t, sb, `cat "$GOCACHE"/00/entry-a; test ! -e "$GOCACHE"/newdir && echo clean`, env)
			if !strings.Contains(again, "entry\nclean") {
				t.Fatalf("a later command saw the earlier one's writes: %s", again)
			}
		})
	}
}

// runnerCache is a Go-build-shaped cache of root's: two subdirectories,
// read-only entries, one world-writable.
func runnerCache(t *testing.T) string {
	t.Helper()
	cache := filepath.Join(t.TempDir(), "go-build")
	files := map[string]os.FileMode{"00/entry-a": 0o644, "00/shared-a": 0o666, "ff/entry-d": 0o444, "ff/gone": 0o644}
	for name, mode := range files {
		p := filepath.Join(cache, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("entry\n"), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(filepath.Dir(cache), 0o755); err != nil {
		t.Fatal(err)
	}
	return cache
}

// runWithCaches runs command with a check's layers over env's caches,
// then closes them and fails if any of their host directories is left.
func runWithCaches(t *testing.T, sb *Sandbox, command string, env []string) string {
	t.Helper()
	cs, err := sb.Caches(env)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := runLaunch(t, sb, command, "/", env, Mounts{Caches: cs})
	cs.Close()
	left := append([]string{}, cs.layers.scratch...)
	for _, o := range cs.layers.overlays {
		left = append(left, o.scratch)
	}
	if len(left) == 0 {
		t.Fatal("the check got no private layer")
	}
	for _, d := range left {
		if _, err := os.Stat(d); !os.IsNotExist(err) {
			t.Fatalf("layer %s left behind (%v)", d, err)
		}
	}
	return out
}
