package storygen

import (
	"bytes"
	"testing"
)

func TestCorpusDeterministic(t *testing.T) {
	a := Corpus(Options{N: 50, Seed: 7})
	b := Corpus(Options{N: 50, Seed: 7})
	for i := range a {
		if a[i].Name != b[i].Name || !bytes.Equal(a[i].Data, b[i].Data) {
			t.Fatalf("story %d differs between two runs with the same seed", i)
		}
	}
}

func TestCorpusRealistic(t *testing.T) {
	files := Corpus(Options{N: 500, Seed: DefaultSeed})
	total, done := 0, 0
	for _, f := range files {
		total += len(f.Data)
		if bytes.Contains(f.Data, []byte("\nstate: done\n")) {
			done++
		}
		if Frontmatter(f.Data) == nil {
			t.Fatalf("%s has no frontmatter", f.Name)
		}
	}
	if avg := total / len(files); avg < 5000 || avg > 7000 {
		t.Errorf("average story is %d bytes, want about 6 KB", avg)
	}
	if done < len(files)/2 || done == len(files) {
		t.Errorf("%d of %d stories are done; want most but not all", done, len(files))
	}
}
