//go:build !linux

package sandbox

// nonDumpable has no equivalent here.
func nonDumpable() error { return nil }

// scrubInitialEnviron: only Linux shows the initial block in /proc.
func scrubInitialEnviron(func(string) bool) error { return nil }
