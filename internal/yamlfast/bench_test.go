package yamlfast_test

import (
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/bench/storygen"
	"github.com/storygate/storygate/internal/yamlfast"
)

// frontmatters returns the frontmatter of 200 generated stories.
func frontmatters(b *testing.B) [][]byte {
	b.Helper()
	var out [][]byte
	for _, f := range storygen.Corpus(storygen.Options{N: 200, Seed: 1}) {
		out = append(out, storygen.Frontmatter(f.Data))
	}
	return out
}

// BenchmarkDecode times the fast path; BenchmarkYAMLv3 is its baseline on
// the same frontmatter.
func BenchmarkDecode(b *testing.B) {
	docs := frontmatters(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, ok := yamlfast.Decode(docs[i%len(docs)]); !ok {
			b.Fatal("refused a generated frontmatter")
		}
	}
}

func BenchmarkYAMLv3(b *testing.B) {
	docs := frontmatters(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		var n yaml.Node
		if err := yaml.Unmarshal(docs[i%len(docs)], &n); err != nil {
			b.Fatal(err)
		}
	}
}
