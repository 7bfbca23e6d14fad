// Package storygen generates deterministic corpora of realistic enso.story/v1
// story files for benchmarks: full lifecycles with plans, iterations,
// evaluations, human decisions, evidence and a consistent transition log,
// stopped at states spread across the lifecycle, with dependency chains
// between done stories. Every generated story validates without errors.
package storygen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

// DefaultCount is the number of stories a benchmark corpus holds by default.
const DefaultCount = 10000

// DefaultSeed is the seed used when none is given.
const DefaultSeed = 1

// Options says what corpus to generate.
type Options struct {
	// N is the number of stories.
	N int
	// Seed makes the corpus reproducible: the same N and Seed give the same bytes.
	Seed uint64
	// Chain links every story into one dependency structure instead of
	// the occasional short chain: each story depends on the nearest done
	// story before it, so the done stories (about 60%) form one depends_on
	// chain as long as the corpus allows and every other story hangs off
	// it. The stories are the same; only depends_on and
	// dependent_stories differ, and the corpus still validates clean.
	Chain bool
}

// Corpus returns the N generated stories, in id order, as file name and
// content pairs. Names are STORY-NNNNN.md.
func Corpus(opts Options) []File {
	specs := plan(opts)
	files := make([]File, len(specs))
	for i, s := range specs {
		files[i] = File{Name: s.id + ".md", Data: render(s)}
	}
	return files
}

// File is one generated story.
type File struct {
	Name string
	Data []byte
}

// Write generates the corpus into dir/stories, creating the directories, and
// returns the total number of bytes written.
func Write(dir string, opts Options) (int64, error) {
	out := filepath.Join(dir, "stories")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return 0, fmt.Errorf("create %s: %w", out, err)
	}
	files := Corpus(opts)
	errs := make([]error, len(files))
	each(len(files), func(i int) {
		errs[i] = os.WriteFile(filepath.Join(out, files[i].Name), files[i].Data, 0o644)
	})
	var total int64
	for i, f := range files {
		if errs[i] != nil {
			return 0, fmt.Errorf("write story: %w", errs[i])
		}
		total += int64(len(f.Data))
	}
	return total, nil
}

// each runs fn(0..n-1) on GOMAXPROCS workers.
func each(n int, fn func(i int)) {
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < n; i += workers {
				fn(i)
			}
		}(w)
	}
	wg.Wait()
}

// rngFor is the random source of story i: independent of every other
// story, so a story's content does not depend on N.
func rngFor(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(i)*0x9e3779b97f4a7c15+1))
}
