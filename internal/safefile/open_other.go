//go:build !unix

package safefile

import "os"

// openFlags: elsewhere Resolve's Lstat is the symlink and FIFO check.
const openFlags = os.O_RDONLY

func isLinkLoop(error) bool { return false }
