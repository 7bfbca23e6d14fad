package cli

import (
	"testing"

	"github.com/storygate/storygate/internal/version"
)

// TestVersionCommandAndFlag checks that `storygate version` and
// `storygate --version` print the same line, from the build info.
func TestVersionCommandAndFlag(t *testing.T) {
	t.Parallel()
	want := "storygate " + version.String() + "\n"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, errOut := run(t, args...)
		if code != ExitOK || out != want || errOut != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 0, %q and no stderr", args, code, out, errOut, want)
		}
	}
}
