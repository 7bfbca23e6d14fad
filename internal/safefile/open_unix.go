//go:build unix

package safefile

import (
	"errors"
	"os"
	"syscall"
)

// openFlags open without following a final symlink and without waiting
// for a FIFO's writer.
const openFlags = os.O_RDONLY | syscall.O_NOFOLLOW | syscall.O_NONBLOCK

func isLinkLoop(err error) bool { return errors.Is(err, syscall.ELOOP) }
