package bench

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// genRepo is a generated repository for the revert-check benchmark: a base
// commit with nFiles files and a head commit that modifies and deletes some
// of the files under tests/ (the paths the revert check restores) and
// modifies some source files besides.
type genRepo struct {
	Dir      string
	Restored []string // governed paths changed by head, in order
}

// buildRepo writes the history with git fast-import, which stores it in a
// pack as a clone would.
func buildRepo(tb testing.TB, nFiles int) genRepo {
	tb.Helper()
	dir := tb.TempDir()
	gitCmd(tb, dir, nil, "init", "-q", "-b", "main")
	var stream bytes.Buffer
	paths := generatedPaths(nFiles)
	writeBaseCommit(&stream, paths)
	restored := writeHeadCommit(&stream, paths)
	gitCmd(tb, dir, &stream, "fast-import", "--quiet")
	return genRepo{Dir: dir, Restored: restored}
}

// generatedPaths spreads files over 100 directories; a tenth are tests.
func generatedPaths(n int) []string {
	out := make([]string, n)
	for i := range out {
		top := "src"
		if i%10 == 0 {
			top = "tests"
		}
		out[i] = fmt.Sprintf("%s/pkg%02d/file%05d.txt", top, i%100, i)
	}
	return out
}

func content(i int, rev string) string {
	return strings.Repeat(fmt.Sprintf("line of file %d at %s\n", i, rev), 10+i%40)
}

func writeBaseCommit(w *bytes.Buffer, paths []string) {
	fmt.Fprintf(w, "commit refs/heads/main\nmark :1\ncommitter t <t@example.com> 1700000000 +0000\ndata 4\nbase\n")
	for i, p := range paths {
		inline(w, p, content(i, "base"))
	}
	fmt.Fprintf(w, "\n")
}

// writeHeadCommit modifies 20 and deletes 5 test files, and modifies 50
// source files; it returns the governed paths it changed.
func writeHeadCommit(w *bytes.Buffer, paths []string) []string {
	fmt.Fprintf(w, "commit refs/heads/main\ncommitter t <t@example.com> 1700000001 +0000\ndata 4\nhead\nfrom :1\n")
	var restored []string
	tests := 0
	for i, p := range paths {
		switch {
		case strings.HasPrefix(p, "tests/") && tests < 20:
			inline(w, p, content(i, "head"))
			restored, tests = append(restored, p), tests+1
		case strings.HasPrefix(p, "tests/") && tests < 25:
			fmt.Fprintf(w, "D %s\n", p)
			restored, tests = append(restored, p), tests+1
		case i%97 == 1 && i < 5000:
			inline(w, p, content(i, "head"))
		}
	}
	fmt.Fprintf(w, "\n")
	return restored
}

func inline(w *bytes.Buffer, path, data string) {
	fmt.Fprintf(w, "M 100644 inline %s\ndata %d\n%s\n", path, len(data), data)
}

func gitCmd(tb testing.TB, dir string, stdin *bytes.Buffer, args ...string) string {
	tb.Helper()
	if stdin == nil {
		return testrepo.GitCLI(tb, dir, args...)
	}
	return testrepo.GitCLIInput(tb, dir, stdin, args...)
}
