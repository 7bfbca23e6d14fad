package safefile

import (
	"errors"
	"io/fs"
	"path/filepath"
)

// Named returns err for a message that names path already: when err is
// the file system's own error about path (a *fs.PathError, "lstat /abs: no
// such file or directory", perhaps marked unreadable), its text becomes the
// cause alone ("no such file or directory"), so "story path /abs: …" names
// the path once. What err is stays the same: errors.Is and errors.As see
// through it (fs.ErrNotExist, ErrUnreadable, the *fs.PathError). Any other
// error, one about another path included, is returned as it is.
func Named(err error, path string) error {
	var pe *fs.PathError
	if err == nil || !errors.As(err, &pe) || filepath.Clean(pe.Path) != filepath.Clean(path) || err.Error() != pe.Error() {
		return err
	}
	return namedError{err: err, text: pe.Err.Error()}
}

// namedError is an error told without the path its message names.
type namedError struct {
	err  error
	text string
}

// Error is the cause alone.
func (n namedError) Error() string { return n.text }

// Unwrap is the error as the file system gave it.
func (n namedError) Unwrap() error { return n.err }
