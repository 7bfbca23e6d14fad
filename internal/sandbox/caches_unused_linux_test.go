//go:build linux

package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/needsandbox"
)

// TestTheGoCachesOfAProjectWithoutGoAreInItsTmp: a tree with no go.mod
// gets Go's two empty caches as directories of its private /tmp, with no
// layer made on the host; a Go project's empty caches are layers on the
// host, one scratch directory each (the control), and so are a check's
// (Caches), whose runs share them.
func TestTheGoCachesOfAProjectWithoutGoAreInItsTmp(t *testing.T) {
	s := &Sandbox{machine: &machine{}, policy: Policy{Caches: true}}
	env := []string{"HOME=/nonexistent"}
	for _, tc := range []struct {
		name    string
		files   []string
		scratch int
	}{
		{"no Go", []string{"package.json"}, 0},
		{"a Go project", []string{"go.mod"}, 2},
	} {
		dir := t.TempDir()
		for _, f := range tc.files {
			if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		l, err := s.cacheMounts(env, projectUses(dir), true)
		if err != nil {
			t.Fatal(err)
		}
		set, err := s.cacheMounts(env, projectUses(dir), false)
		if err != nil {
			t.Fatal(err)
		}
		if len(set.scratch) != 2 {
			t.Errorf("%s: a check's set has %d scratch layers, want 2: its runs share them", tc.name, len(set.scratch))
		}
		set.release()
		args := strings.Join(l.args, " ")
		inTmp := strings.Contains(args, "--perms 0777 --dir "+cacheDir+"/go-build") &&
			strings.Contains(args, "--perms 0777 --dir "+cacheDir+"/go-mod")
		if len(l.scratch) != tc.scratch || inTmp != (tc.scratch == 0) {
			t.Errorf("%s: %d scratch layers, args %q; want %d, and the caches in /tmp %v", tc.name, len(l.scratch), l.args,
				tc.scratch, tc.scratch == 0)
		}
		l.release()
	}
}

// TestACommandWritesTheGoCachesOfAProjectWithoutGo: in the sandbox, a
// command of a tree with no go.mod can write into the GOCACHE and
// GOMODCACHE it is given, as a Go command there would.
func TestACommandWritesTheGoCachesOfAProjectWithoutGo(t *testing.T) {
	sb := New(context.Background(), Policy{Mode: Required, Caches: true})
	if !sb.Isolated() {
		needsandbox.Missing(t, sb.Report().Reason)
	}
	out, err := inTree(t, sb, `touch "$GOCACHE/x" "$GOMODCACHE/y" && echo "$GOCACHE $GOMODCACHE"`)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got := strings.Fields(out); !slices.Equal(got, []string{cacheDir + "/go-build", cacheDir + "/go-mod"}) {
		t.Errorf("the command's caches are %q", out)
	}
}
