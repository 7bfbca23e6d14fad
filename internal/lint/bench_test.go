package lint_test

import (
	"path/filepath"
	"testing"

	"github.com/storygate/storygate/bench/storygen"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lint"
)

// benchStories is the corpus size of the in-process benchmarks; the full
// 10,000-story run is bench/validate.sh.
const benchStories = 1000

// genCorpus writes a generated corpus into a fresh temporary directory and
// returns it with its size in bytes.
func genCorpus(b *testing.B) (string, int64) {
	b.Helper()
	dir := b.TempDir()
	n, err := storygen.Write(dir, storygen.Options{N: benchStories, Seed: storygen.DefaultSeed})
	if err != nil {
		b.Fatal(err)
	}
	return dir, n
}

// BenchmarkValidate runs lint.Run over the generated corpus, as
// `storygate validate --root DIR DIR/stories` does. Compare with
// BenchmarkParseFloor in the same run: the target is at most twice the floor.
func BenchmarkValidate(b *testing.B) {
	dir, size := genCorpus(b)
	opts := lint.Options{Target: lint.TargetOf(b, dir, "", nil), Paths: []string{filepath.Join(dir, "stories")}, Slim: true}
	checkClean(b, opts)
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := lint.Run(opts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseFloor reads the same corpus and decodes every frontmatter
// into a yaml.Node: the least work validate can do.
func BenchmarkParseFloor(b *testing.B) {
	dir, size := genCorpus(b)
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		n, err := storygen.ParseFloor(filepath.Join(dir, "stories"))
		if err != nil {
			b.Fatal(err)
		}
		if n != benchStories {
			b.Fatalf("floor decoded %d files, want %d", n, benchStories)
		}
	}
}

// checkClean fails the benchmark when the corpus is not what it claims to
// be: every story found, no errors or warnings.
func checkClean(b *testing.B, opts lint.Options) {
	b.Helper()
	res, err := lint.Run(opts)
	if err != nil {
		b.Fatal(err)
	}
	if res.Files != benchStories {
		b.Fatalf("validated %d files, want %d", res.Files, benchStories)
	}
	for _, d := range res.Diagnostics {
		if d.Severity != diag.SeverityNotice {
			b.Fatalf("generated story is not clean: %s:%d:%d: %s [%s]", d.File, d.Line, d.Column, d.Message, d.Rule)
		}
	}
}
