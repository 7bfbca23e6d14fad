package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOwnCgroup(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"0::/system.slice/runner.service\n", "/system.slice/runner.service", true},
		{"12:pids:/\n4:memory:/x\n0::/\n", "/", true},
		{"4:memory:/x\n1:cpu:/\n", "", false},
		{"0::relative\n", "", false},
		{"", "", false},
	} {
		got, ok := ownCgroup(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ownCgroup(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// fakeCgroupRoot is a directory standing for /sys/fs/cgroup: the
// controllers it lists, and storygate's cgroup with the controllers its
// children already have.
func fakeCgroupRoot(t *testing.T, controllers, delegated string) string {
	t.Helper()
	root := t.TempDir()
	own := filepath.Join(root, "job")
	if err := os.MkdirAll(own, 0o755); err != nil {
		t.Fatal(err)
	}
	for path, body := range map[string]string{filepath.Join(root, "cgroup.controllers"): controllers,
		filepath.Join(own, "cgroup.subtree_control"): delegated} {
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestProbeCgroup(t *testing.T) {
	for _, tc := range []struct {
		name, controllers, delegated, self string
		why, control                       string
	}{
		{"delegated already", "cpu memory pids\n", "memory pids\n", "0::/job\n", "", "memory pids\n"},
		{"delegated by storygate", "memory pids io\n", "", "0::/job\n", "", "+memory +pids"},
		{"no pids controller", "cpu memory\n", "", "0::/job\n", "has no pids controller", ""},
		{"cgroup v1 only", "memory pids\n", "", "4:memory:/job\n", "no cgroup v2 hierarchy", ""},
		{"storygate's cgroup not there", "memory pids\n", "", "0::/elsewhere\n", "cannot be read", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := fakeCgroupRoot(t, tc.controllers, tc.delegated)
			tree, why := probeCgroup(root, tc.self)
			if (tree == nil) != (tc.why != "") || !strings.Contains(why, tc.why) {
				t.Fatalf("probeCgroup: %v, %q; want reason %q", tree, why, tc.why)
			}
			if tc.control == "" {
				return
			}
			got, _ := os.ReadFile(filepath.Join(root, "job", "cgroup.subtree_control"))
			if string(got) != tc.control {
				t.Fatalf("subtree_control %q, want %q", got, tc.control)
			}
		})
	}
}

// TestCgroupCreateWritesTheCaps: the command's group gets memory.max,
// memory.swap.max and pids.max ("max" for a cap of zero), a new group per
// command, removed afterwards.
func TestCgroupCreateWritesTheCaps(t *testing.T) {
	for _, tc := range []struct {
		name  string
		mem   int64
		pids  int
		files map[string]string
	}{
		{"both caps", 128 << 20, 64, map[string]string{"memory.max": "134217728", "memory.swap.max": "0", "pids.max": "64"}},
		{"processes only", 0, 10, map[string]string{"memory.max": "max", "pids.max": "10"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := fakeCgroupRoot(t, "memory pids", "memory pids")
			tree, why := probeCgroup(root, "0::/job\n")
			if tree == nil {
				t.Fatal(why)
			}
			g, err := tree.create(tc.mem, tc.pids)
			if err != nil {
				t.Fatal(err)
			}
			if filepath.Dir(g.Dir) != filepath.Join(root, "job") {
				t.Fatalf("group %s is not under storygate's cgroup", g.Dir)
			}
			entries, _ := os.ReadDir(g.Dir)
			if len(entries) != len(tc.files) {
				t.Fatalf("group holds %d files, want %d", len(entries), len(tc.files))
			}
			for f, want := range tc.files {
				if got, err := os.ReadFile(filepath.Join(g.Dir, f)); err != nil || string(got) != want {
					t.Errorf("%s = %q (%v), want %q", f, got, err, want)
				}
			}
			other, err := tree.create(tc.mem, tc.pids)
			if err != nil || other.Dir == g.Dir {
				t.Fatalf("a second command shares the group: %v", err)
			}
			g.remove()
			if _, err := os.Stat(g.Dir); !os.IsNotExist(err) {
				t.Fatalf("the group was not removed: %v", err)
			}
		})
	}
}
