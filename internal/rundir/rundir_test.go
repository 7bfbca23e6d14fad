package rundir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestForRunnerTemp(t *testing.T) {
	t.Parallel()
	runnerTemp := t.TempDir()
	got, err := For(runnerTemp, "storygate-results")
	if want := filepath.Join(runnerTemp, "storygate-results"); err != nil || got != want {
		t.Fatalf("For(RUNNER_TEMP) = %q, %v; want %q", got, err, want)
	}
}

// TestForOutsideActions checks that every run outside Actions gets a
// directory of its own, private to the user, under the temp dir.
func TestForOutsideActions(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	first, err := For("", "storygate-results")
	if err != nil {
		t.Fatal(err)
	}
	second, err := For("", "storygate-results")
	if err != nil {
		t.Fatal(err)
	}
	if first == second {
		t.Errorf("two runs share %s", first)
	}
	for _, dir := range []string{first, second} {
		st, err := os.Stat(dir)
		if err != nil || !st.IsDir() || st.Mode().Perm() != 0o700 {
			t.Errorf("%s: %v, %v; want a directory with mode 0700", dir, st, err)
			continue
		}
		if filepath.Dir(dir) != tmp || !strings.HasPrefix(filepath.Base(dir), "storygate-results-") {
			t.Errorf("%s is not a storygate-results-* directory in %s", dir, tmp)
		}
	}
}
