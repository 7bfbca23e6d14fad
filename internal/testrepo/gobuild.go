package testrepo

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// GoBuild runs cmd, a `go build`, and returns its combined output, while
// it holds an exclusive lock on the build cache the build uses. The
// suite's packages are tested in parallel processes, and several build
// the same binaries the release way (static, -trimpath): go's cache
// shares finished work between processes, not work in progress, so in a
// cold cache each compiled every package at once, a minute of both
// cores. Under the lock the first build compiles and the others link
// from the cache. The lock is advisory and taken only here; a go command
// outside the suite is not held up.
func GoBuild(cmd *exec.Cmd) ([]byte, error) {
	env := exec.Command("go", "env", "GOCACHE")
	env.Dir, env.Env = cmd.Dir, cmd.Env
	out, err := env.Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOCACHE: %w", err)
	}
	unlock, err := lockDir(strings.TrimSpace(string(out)))
	if err != nil {
		return nil, fmt.Errorf("lock the build cache: %w", err)
	}
	defer unlock()
	return cmd.CombinedOutput()
}

// HelperPackage is the sandbox's small helper's main package, which the
// release builds with cgo (its C constructor is the helper).
const HelperPackage = "./cmd/storygate-sandbox-exec"

// HelperLDFlags are the linker flags .goreleaser.yaml builds HelperPackage
// with: stripped, linked static by the C toolchain
// (TestTheHelperIsBuiltAsTheReleaseBuildsIt holds the two alike).
const HelperLDFlags = "-s -w -linkmode=external -extldflags=-static"

// ReleaseBuild is the go build of pkg into out, in the module at dir, as
// .goreleaser.yaml builds the release's binaries: -trimpath (the compiled
// packages do not depend on where the module is) and static: storygate
// without cgo, the small helper (HelperPackage) with cgo and linked
// static. Run it with GoBuild.
func ReleaseBuild(dir, out, pkg string) *exec.Cmd {
	args, cgo := []string{"build", "-trimpath"}, "CGO_ENABLED=0"
	if pkg == HelperPackage {
		args, cgo = append(args, "-ldflags", HelperLDFlags), "CGO_ENABLED=1"
	}
	cmd := exec.Command("go", append(args, "-o", out, pkg)...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), cgo)
	return cmd
}

// SkipWithoutCC skips a test that builds the small helper as released
// (ReleaseBuild: cgo) where go finds no C compiler, saying so; .ci/run
// installs gcc, so CI runs it.
func SkipWithoutCC(t testing.TB) {
	t.Helper()
	out, err := exec.Command("go", "env", "CC").Output()
	cc := strings.Fields(strings.TrimSpace(string(out)))
	if err == nil && len(cc) > 0 {
		if _, err = exec.LookPath(cc[0]); err == nil {
			return
		}
	}
	t.Skipf("no C compiler (go env CC: %q, %v): the release builds the sandbox helper with cgo; install gcc and libc6-dev", out, err)
}
