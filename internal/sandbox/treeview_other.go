//go:build !linux

package sandbox

// treeView is Linux's (treeview_linux.go); elsewhere no sandbox mounts
// anything.
type treeView struct{}

func newTreeView(*Tree, string) (*treeView, error) { return nil, nil }
