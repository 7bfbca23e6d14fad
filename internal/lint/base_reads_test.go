package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/storygate/storygate/bench/storygen"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/testrepo"
)

// baseRepo commits n generated stories as the base and returns the
// repository, the base SHA and the story names.
func baseRepo(t testing.TB, n int) (*testrepo.Repo, string, []string) {
	t.Helper()
	r := testrepo.New(t)
	files := map[string]string{}
	var names []string
	for _, f := range storygen.Corpus(storygen.Options{N: n, Seed: storygen.DefaultSeed}) {
		files["stories/"+f.Name] = string(f.Data)
		names = append(names, "stories/"+f.Name)
	}
	r.Write(files)
	return r, r.Commit("base"), names
}

// appendTo adds a paragraph to the end of a story file in the work tree.
func appendTo(t testing.TB, root, name, text string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(name))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, append(data, "\n"+text+"\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
}

func runCounted(t testing.TB, root, base string) (*lint.Result, int64) {
	t.Helper()
	var reads atomic.Int64
	res, err := lint.Run(lint.Options{Target: lint.TargetOf(t, root, base, nil), BaseReads: &reads})
	if err != nil {
		t.Fatal(err)
	}
	return res, reads.Load()
}

// TestBaseReadsOnlyWhatTheChangeTouched: a base version is read from git
// only for a story the change modified, deleted or moved, or one whose
// file on disk differs from the commit; every other story's base is its
// head, and every base is the file the base commit holds.
func TestBaseReadsOnlyWhatTheChangeTouched(t *testing.T) {
	t.Parallel()
	r, base, names := baseRepo(t, 40)
	if _, reads := runCounted(t, r.Root, base); reads != 0 {
		t.Errorf("no change: %d base reads, want 0", reads)
	}
	for _, name := range names[:3] {
		appendTo(t, r.Root, name, "An edited paragraph.")
	}
	r.Remove(names[3])
	moved := "stories/moved/" + filepath.Base(names[4])
	data, err := os.ReadFile(filepath.Join(r.Root, names[4]))
	if err != nil {
		t.Fatal(err)
	}
	r.Remove(names[4])
	r.Write(map[string]string{moved: string(data)})
	r.Commit("head")
	appendTo(t, r.Root, names[5], "Edited on disk, not committed.")

	res, reads := runCounted(t, r.Root, base)
	// 3 modified, 1 deleted, 1 moved away, 1 dirty in the work tree.
	if reads != 6 {
		t.Errorf("%d base reads, want 6", reads)
	}
	if len(res.Change.Deleted) != 1 || res.Change.Deleted[0].Path != names[3] {
		t.Errorf("deleted stories %v, want %s", res.Change.Deleted, names[3])
	}
	withBase := 0
	for _, u := range res.Units {
		if u.Base == nil {
			t.Errorf("%s has no base version", u.Head.Path)
			continue
		}
		withBase++
		want := testrepo.GitCLI(t, r.Root, "rev-parse", base+":"+u.Base.Path)
		if u.Head.Path == moved && u.Base.Path != names[4] {
			t.Errorf("moved story's base is %s, want %s", u.Base.Path, names[4])
		}
		if gitrepo.BlobHash(u.Base.Src).String() != want {
			t.Errorf("%s: its base is not the file at %s in the base commit", u.Head.Path, u.Base.Path)
		}
	}
	if withBase != 39 {
		t.Errorf("%d stories with a base, want 39", withBase)
	}
}

// BenchmarkBase compares lint.Run with --base over a repository where a
// change touched 1% of the stories (sub-benchmark base) with the same run
// without a base (plain), and reports the base versions read per run.
func BenchmarkBase(b *testing.B) {
	r, base, names := baseRepo(b, benchStories)
	for i := 0; i < len(names); i += 100 {
		appendTo(b, r.Root, names[i], "A paragraph the change added.")
	}
	r.Commit("head")
	for _, c := range []struct{ name, base string }{{"plain", ""}, {"base", base}} {
		b.Run(c.name, func(b *testing.B) {
			var reads atomic.Int64
			opts := lint.Options{Target: lint.TargetOf(b, r.Root, c.base, nil), Slim: true, BaseReads: &reads}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := lint.Run(opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(reads.Load())/float64(b.N), "base-reads/op")
		})
	}
}

// BenchmarkChanged runs lint.Run with --base, as the gate does (Slim,
// the batch memory policy), over 1,000 stories of which a change touched
// 10, 100 or all, and reports the stories parsed per run: one per story
// at head and one per changed story at base.
func BenchmarkChanged(b *testing.B) {
	for _, changed := range []int{10, 100, benchStories} {
		b.Run(fmt.Sprintf("changed=%d", changed), func(b *testing.B) {
			r, base, names := baseRepo(b, benchStories)
			for i := 0; i < len(names); i += len(names) / changed {
				appendTo(b, r.Root, names[i], "A paragraph the change added.")
			}
			r.Commit("head")
			testrepo.GitCLI(b, r.Root, "gc", "-q") // packed, as bench/changed.sh's repositories are
			var parses atomic.Int64
			opts := lint.Options{Target: lint.TargetOf(b, r.Root, base, nil), Slim: true, BatchGC: true,
				Filter: config.FilterChanged, Parses: &parses}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := lint.Run(opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(parses.Load())/float64(b.N), "parses/op")
		})
	}
}
