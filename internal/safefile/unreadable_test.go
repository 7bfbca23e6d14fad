//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"syscall"
	"testing"
)

// TestMarkUnreadable: a permission error is marked, keeping its text and
// what it wraps; any other error, and nil, pass unchanged. (The commands'
// tests read real mode-000 files, as root too: internal/cli
// TestTheExitCodeTable.)
func TestMarkUnreadable(t *testing.T) {
	denied := &fs.PathError{Op: "open", Path: "/r/story.md", Err: syscall.EACCES}
	missing := &fs.PathError{Op: "open", Path: "/r/story.md", Err: syscall.ENOENT}
	for _, c := range []struct {
		name   string
		err    error
		cause  error
		marked bool
	}{
		{"permission denied", denied, syscall.EACCES, true},
		{"operation not permitted", &fs.PathError{Op: "open", Path: "/r/x", Err: syscall.EPERM}, syscall.EPERM, true},
		{"marked twice", MarkUnreadable(denied), syscall.EACCES, true},
		{"missing", missing, syscall.ENOENT, false},
		{"nil", nil, nil, false},
	} {
		got := MarkUnreadable(c.err)
		if errors.Is(got, ErrUnreadable) != c.marked {
			t.Errorf("%s: marked %v, want %v", c.name, !c.marked, c.marked)
		}
		if c.err != nil && (got.Error() != c.err.Error() || !errors.Is(got, c.cause)) {
			t.Errorf("%s: %q, want the text and the cause of %q", c.name, got, c.err)
		}
	}
	if MarkUnreadable(missing) != error(missing) {
		t.Error("an error that is not a permission error was wrapped")
	}
}
