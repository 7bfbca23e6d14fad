package testrepo

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// seedGoCache copies into the empty build cache dst the entries of the
// machine's own build cache src (hostGoCache) that testing the module in
// dir uses, so that warming
// dst compiles only the project and not the standard library again (a
// minute and more on a loaded 2-core machine). Go's entries are
// content-addressed, so a copied one is exactly what a build into dst
// would have written. It is best effort: it returns how many entries it
// copied, and when the machine has no cache, or Go's layout is not what
// it reads (an action entry "v1 <action> <output> <size> <time>" at
// xx/<action>-a, its output at xx/<output>-d), it copies fewer or none
// and the warm-up compiles what is missing, as it did before.
// The go command runs with the test's environment and GOCACHE=src.
func seedGoCache(t testing.TB, dir, src, dst string) int {
	t.Helper()
	if src == "" {
		return 0
	}
	// The machine's cache gets the project's own small entries, as any go
	// command run there would; the standard library is usually there
	// already (go vet ./... and the suite's own build put it there).
	cmd := exec.Command("go", "test", "-count=1", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOCACHE="+src, "GODEBUG=gocachehash=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test (seeding the build cache from %s): %v\n%s", src, err, out)
	}
	// The content hashes GODEBUG=gocachehash=1 prints (`go help cache`):
	// the keys of the cache's entries among them.
	hashes := regexp.MustCompile(`(?m)^HASH\[[^\]\n]*\]: ([0-9a-f]{64})$`)
	copied := 0
	seen := map[string]bool{}
	for _, m := range hashes.FindAllSubmatch(out, -1) {
		h := string(m[1])
		if seen[h] {
			continue
		}
		seen[h] = true
		ok, err := copyCacheEntry(src, dst, h)
		if err != nil {
			t.Fatalf("seeding the build cache: %v", err)
		}
		if ok {
			copied++
		}
	}
	return copied
}

// hostGoCache is the machine's build cache, as the go command reports it
// before a test changes its environment, or "" when it has none
// (GOCACHE=off, or no such directory).
func hostGoCache() string {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	cache := strings.TrimSpace(string(out))
	if err != nil || !filepath.IsAbs(cache) {
		return ""
	}
	if fi, err := os.Stat(cache); err != nil || !fi.IsDir() {
		return ""
	}
	return cache
}

// copyCacheEntry copies action entry h and its output from cache src to
// dst, reporting whether src had both.
func copyCacheEntry(src, dst, h string) (bool, error) {
	rel := filepath.Join(h[:2], h+"-a")
	entry, err := readIfThere(src, rel)
	if entry == nil || err != nil {
		return false, err
	}
	fields := bytes.Fields(entry)
	if len(fields) < 3 || string(fields[0]) != "v1" || string(fields[1]) != h || len(fields[2]) != 64 {
		return false, nil
	}
	out := string(fields[2])
	outRel := filepath.Join(out[:2], out+"-d")
	body, err := readIfThere(src, outRel)
	if body == nil || err != nil {
		return false, err
	}
	// The output first: an action entry is a promise that its output is there.
	for _, f := range []struct {
		rel  string
		body []byte
	}{{outRel, body}, {rel, entry}} {
		path := filepath.Join(dst, f.rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return false, fmt.Errorf("seed %s: %w", f.rel, err)
		}
		if err := os.WriteFile(path, f.body, 0o644); err != nil {
			return false, fmt.Errorf("seed %s: %w", f.rel, err)
		}
	}
	return true, nil
}

// readIfThere reads file rel of cache dir, nil and no error when it is not
// there; an empty file reads as an empty, non-nil slice.
func readIfThere(dir, rel string) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(dir, rel))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", rel, err)
	}
	if b == nil {
		b = []byte{}
	}
	return b, nil
}
