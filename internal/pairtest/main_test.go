package pairtest

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
	"golang.org/x/sys/unix"
)

// toolbox is what every case shares: the module's root, the storygate
// binary built from it, the parsed docker/action.yml and the image's
// environment.
type toolbox struct {
	moduleRoot string
	binary     string
	action     *actionMetadata
	// imageEnv is what Dockerfile.release's ENV lines give the image.
	imageEnv map[string]string
	// release serves the binary to host/install.sh (serveRelease).
	release *release
}

// tools is set once by TestMain before any test runs and only read after.
var tools *toolbox

// TestMain builds the storygate binary once for the package's tests: the
// CLI reads and changes the process environment, so it runs as its own
// process, as in the Docker action.
func TestMain(m *testing.M) {
	for _, tool := range []string{"git", "bash", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			// GitHub's runners have them, and the shipped workflows' run:
			// steps use them: a harness without them would test less.
			fmt.Fprintf(os.Stderr, "pairtest: the shipped workflows' steps need %s, as GitHub's runners have it (apt-get install %s): %v\n", tool, tool, err)
			os.Exit(2)
		}
	}
	scratch, err := useMemoryTempDir()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "pairtest-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	tb, err := buildTools(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(2)
	}
	tools = tb
	raiseParallelism()
	code := m.Run()
	os.RemoveAll(dir)
	if scratch != "" {
		os.RemoveAll(scratch)
	}
	os.Exit(code)
}

// memoryTempDirMin is the free space /dev/shm needs for the package's
// temporary directories: each job unpacks the release (60 MB with its
// download) and several cases run at once.
const memoryTempDirMin = 4 << 30

// useMemoryTempDir points TMPDIR, and so every t.TempDir (origins,
// runners' workspaces and RUNNER_TEMP), at a new directory in /dev/shm
// when TMPDIR is unset and /dev/shm is a memory file system with room:
// the jobs write and delete two copies of the release per case, which on
// a disk cost a fifth of the package's time in the kernel. It returns
// the directory made, empty when it left TMPDIR alone.
func useMemoryTempDir() (string, error) {
	if os.Getenv("TMPDIR") != "" {
		return "", nil
	}
	var fs unix.Statfs_t
	if err := unix.Statfs("/dev/shm", &fs); err != nil || fs.Type != unix.TMPFS_MAGIC || fs.Bavail*uint64(fs.Bsize) < memoryTempDirMin {
		return "", nil
	}
	dir, err := os.MkdirTemp("/dev/shm", "pairtest-")
	if err != nil {
		return "", fmt.Errorf("pairtest: temporary directory in /dev/shm: %w", err)
	}
	return dir, os.Setenv("TMPDIR", dir)
}

func buildTools(dir string) (*toolbox, error) {
	_, self, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(self), "..", "..")
	bin := filepath.Join(dir, "storygate")
	// The small sandbox helper too: the release archive holds both.
	for out, pkg := range map[string]string{bin: "./cmd/storygate", filepath.Join(dir, "storygate-sandbox-exec"): "./cmd/storygate-sandbox-exec"} {
		// Built as .goreleaser.yaml builds the release (static, -trimpath,
		// stripped), less its version stamp: the binary install.sh
		// downloads is then the size of the shipped one, not 40%
		// larger with the symbol tables.
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
		cmd.Dir, cmd.Env = root, append(os.Environ(), "CGO_ENABLED=0")
		if msg, err := testrepo.GoBuild(cmd); err != nil {
			return nil, fmt.Errorf("build %s: %w\n%s", pkg, err, msg)
		}
	}
	action, err := loadAction(root)
	if err != nil {
		return nil, err
	}
	imageEnv, err := loadImageEnv(root)
	if err != nil {
		return nil, err
	}
	return &toolbox{moduleRoot: root, binary: bin, action: action, imageEnv: imageEnv, release: &release{dir: dir}}, nil
}

// raiseParallelism lets more cases run at once than there are CPUs unless
// -test.parallel was given: a case spends most of its time waiting for
// git and storygate processes, not computing.
func raiseParallelism() {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(3*runtime.GOMAXPROCS(0)))
	}
}
