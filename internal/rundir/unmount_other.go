//go:build !linux

package rundir

// unmountUnder is Linux's (unmount_linux.go); elsewhere storygate mounts
// nothing.
func unmountUnder(string) {}
