package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestNamedNamesThePathOnce: the file system's error about the path a
// message names loses its path (and only then), and stays the same error
// for errors.Is and errors.As.
func TestNamedNamesThePathOnce(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "nope.md")
	_, lstatErr := os.Lstat(missing)
	denied := &fs.PathError{Op: "open", Path: missing, Err: fs.ErrPermission}
	tests := []struct {
		name string
		err  error
		path string
		want string
		is   error
	}{
		{"lstat of the path", lstatErr, missing, "story path " + missing + ": no such file or directory", fs.ErrNotExist},
		{"unclean path", lstatErr, filepath.Dir(missing) + "/./nope.md", "story path " + filepath.Dir(missing) + "/./nope.md: no such file or directory", fs.ErrNotExist},
		{"marked unreadable", MarkUnreadable(denied), missing, "story path " + missing + ": permission denied", ErrUnreadable},
		{"control: another path", lstatErr, "other.md", "story path other.md: lstat " + missing + ": no such file or directory", fs.ErrNotExist},
		{"control: wrapped with more words", fmt.Errorf("walk: %w", lstatErr), missing, "story path " + missing + ": walk: lstat " + missing + ": no such file or directory", fs.ErrNotExist},
		{"control: not a path error", errors.New("boom"), missing, "story path " + missing + ": boom", nil},
	}
	for _, tt := range tests {
		got := fmt.Errorf("story path %s: %w", tt.path, Named(tt.err, tt.path))
		if got.Error() != tt.want {
			t.Errorf("%s: %q\nwant %q", tt.name, got, tt.want)
		}
		if tt.is != nil && !errors.Is(got, tt.is) {
			t.Errorf("%s: errors.Is(%v) no longer holds", tt.name, tt.is)
		}
		var pe *fs.PathError
		if _, isPath := tt.err.(*fs.PathError); isPath && !errors.As(got, &pe) {
			t.Errorf("%s: the *fs.PathError is lost", tt.name)
		}
	}
	if Named(nil, missing) != nil {
		t.Error("Named(nil) is not nil")
	}
}
