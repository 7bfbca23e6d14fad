package safefile

import (
	"errors"
	"io/fs"
)

// ErrUnreadable marks an input the file system would not let storygate
// read (permission denied, on the file or on a directory above it): the
// user's file to fix, not storygate's own work failing, so the commands
// exit 2 naming it. Every error this package returns for such a file
// wraps it; the error's text is the file system's, unchanged.
var ErrUnreadable = errors.New("permission denied")

// unreadable is a permission error on an input, marked as ErrUnreadable.
type unreadable struct{ err error }

// Error is the file system's message, naming the path.
func (u unreadable) Error() string { return u.err.Error() }

// Unwrap makes errors.Is hold for ErrUnreadable and for what the file
// system said (fs.ErrPermission).
func (u unreadable) Unwrap() []error { return []error{ErrUnreadable, u.err} }

// MarkUnreadable marks err as ErrUnreadable when it is a permission error,
// for the loaders that walk an input's directories themselves; any other
// error (nil included) is returned as it is.
func MarkUnreadable(err error) error {
	if err == nil || !errors.Is(err, fs.ErrPermission) || errors.Is(err, ErrUnreadable) {
		return err
	}
	return unreadable{err}
}
