package lint

import (
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/target"
)

// TargetOf opens the target of a test run in root at base ("" for none)
// judged by cfg (nil: the defaults), failing the test when it cannot.
func TargetOf(tb testing.TB, root, base string, cfg *config.Config) *target.Target {
	tb.Helper()
	if cfg == nil {
		cfg = config.Default()
	}
	t, err := target.Open(target.Options{Root: root, Base: base, Policy: cfg})
	if err != nil {
		tb.Fatalf("open the target of %s at %q: %v", root, base, err)
	}
	return t
}
