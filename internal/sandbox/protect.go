package sandbox

import (
	"fmt"
	"os"
	"strings"
)

// ProtectSelf is what storygate does to itself before it runs any command
// from the change, once it has read what it needs from its environment:
// it removes every secret variable (IsSecret, with extra) from its
// environment, also from the copy the kernel shows in /proc/self/environ,
// and marks itself non-dumpable, so a process of the same user can read
// neither its memory nor its /proc files. Both matter most where no
// sandbox starts; in the sandbox storygate's process is not visible at all.
func ProtectSelf(extra []string) error {
	var names []string
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); IsSecret(name, extra) {
			names = append(names, name)
		}
	}
	for _, name := range names {
		if err := os.Unsetenv(name); err != nil {
			return fmt.Errorf("protect storygate: unset %s: %w", name, err)
		}
	}
	if err := scrubInitialEnviron(func(name string) bool { return IsSecret(name, extra) }); err != nil {
		return fmt.Errorf("protect storygate: %w", err)
	}
	if err := nonDumpable(); err != nil {
		return fmt.Errorf("protect storygate: %w", err)
	}
	return nil
}
