//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// tree is a repository directory with one file of each kind a loader meets.
func tree(t *testing.T) (root string) {
	t.Helper()
	root = t.TempDir()
	outside := filepath.Join(t.TempDir(), "secret")
	must(t, os.WriteFile(outside, []byte("outside"), 0o644))
	must(t, os.MkdirAll(filepath.Join(root, "d"), 0o755))
	must(t, os.WriteFile(filepath.Join(root, "d", "ok.txt"), []byte("hello"), 0o644))
	must(t, os.WriteFile(filepath.Join(root, "d", "big.txt"), []byte(strings.Repeat("x", 100)), 0o644))
	must(t, os.Symlink("ok.txt", filepath.Join(root, "d", "inside-link")))
	must(t, os.Symlink(outside, filepath.Join(root, "d", "outside-link")))
	must(t, os.Symlink("/dev/zero", filepath.Join(root, "d", "zero")))
	must(t, syscall.Mkfifo(filepath.Join(root, "d", "fifo"), 0o644))
	must(t, os.Symlink("fifo", filepath.Join(root, "d", "fifo-link")))
	return root
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestReadFileAndFS(t *testing.T) {
	root := tree(t)
	cases := []struct {
		name string
		want string // content, or the refusal's error
		err  error
	}{
		{"ok.txt", "hello", nil},
		{"inside-link", "hello", nil},
		{"outside-link", "", ErrOutside},
		{"zero", "", ErrOutside},
		{"fifo", "", ErrNotRegular},
		{"fifo-link", "", ErrNotRegular},
		{"big.txt", "", ErrTooLarge},
		{"missing", "", fs.ErrNotExist},
	}
	fsys := FS(root, filepath.Join(root, "d"), 50)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ReadFile(root, filepath.Join(root, "d", c.name), 50)
			viaFS, fsErr := fs.ReadFile(fsys, c.name)
			for _, r := range []struct {
				data []byte
				err  error
			}{{got, err}, {viaFS, fsErr}} {
				if c.err == nil && (r.err != nil || string(r.data) != c.want) {
					t.Errorf("got %q, %v; want %q", r.data, r.err, c.want)
				}
				if c.err != nil && !errors.Is(r.err, c.err) {
					t.Errorf("err = %v, want %v", r.err, c.err)
				}
				if r.err != nil && strings.Contains(r.err.Error(), "outside\"") {
					t.Errorf("the error quotes the target's content: %v", r.err)
				}
			}
		})
	}
}

func TestReadPathFollowsNamedLinksButRefusesSpecialFiles(t *testing.T) {
	root := tree(t)
	if got, err := ReadPath(filepath.Join(root, "d", "outside-link"), 50); err != nil || string(got) != "outside" {
		t.Errorf("a file named on the command line may be a link anywhere: %q %v", got, err)
	}
	for _, name := range []string{"zero", "fifo", "fifo-link"} {
		if _, err := ReadPath(filepath.Join(root, "d", name), 50); !errors.Is(err, ErrNotRegular) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := ReadPath(filepath.Join(root, "d", "big.txt"), 50); !Refused(err) {
		t.Errorf("big.txt: %v", err)
	}
}

func TestRepoRoot(t *testing.T) {
	root := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(root, ".git"), 0o755))
	must(t, os.MkdirAll(filepath.Join(root, "a", "b"), 0o755))
	if got := RepoRoot(filepath.Join(root, "a", "b")); got != root {
		t.Errorf("RepoRoot = %s, want %s", got, root)
	}
}
