package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// built is the real storygate binary, built once for the package's tests
// (go build of ./cmd/storygate) and removed by TestMain: each test that
// runs it as a job would gets the same one, not a build of its own. It
// is built as the release is (testrepo.ReleaseBuild), so releasedPair's builds
// find every package it links compiled already: on a cold cache the
// package's tests compile storygate's packages once, not twice.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
	out  []byte
}

// buildStorygate returns the real binary, building it on first use:
// signals, a terminal and the process's own streams reach a process of
// its own.
func buildStorygate(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		_, self, _, _ := runtime.Caller(0)
		if built.dir, built.err = os.MkdirTemp("", "storygate-cli-test-bin-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "storygate")
		cmd := testrepo.ReleaseBuild(filepath.Join(filepath.Dir(self), "..", ".."), built.bin, "./cmd/storygate")
		built.out, built.err = testrepo.GoBuild(cmd)
	})
	if built.err != nil {
		t.Fatalf("build storygate: %v\n%s", built.err, built.out)
	}
	return built.bin
}

// removeBuiltBinary removes what buildStorygate built, if anything.
func removeBuiltBinary() {
	if built.dir != "" {
		_ = os.RemoveAll(built.dir)
	}
}
