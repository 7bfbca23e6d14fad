package story

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/bench/storygen"
)

// TestFastYAMLPathGivesSameStory parses every story fixture and a generated
// corpus with the fast YAML path and with yaml.v3 alone, and requires the
// same frontmatter and problems from both.
func TestFastYAMLPathGivesSameStory(t *testing.T) {
	inputs := map[string][]byte{}
	for _, f := range storygen.Corpus(storygen.Options{N: 100, Seed: 5}) {
		inputs[f.Name] = f.Data
	}
	for _, root := range []string{"testdata", "../rules/testdata", "../../examples"} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return err
			}
			src, err := os.ReadFile(p)
			inputs[p] = src
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for name, src := range inputs {
		fast := parseWith(true, name, src)
		slow := ParseReference(name, src)
		if diff := cmp.Diff(slow.Problems, fast.Problems); diff != "" {
			t.Errorf("%s: problems differ (-yaml.v3 +fast):\n%s", name, diff)
		}
		if diff := cmp.Diff(slow.Front, fast.Front, cmp.AllowUnexported(Frontmatter{})); diff != "" {
			t.Errorf("%s: frontmatter differs (-yaml.v3 +fast):\n%s", name, diff)
		}
	}
	if len(inputs) < 150 {
		t.Fatalf("only %d inputs", len(inputs))
	}
}
