package story

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFastYAMLPathGivesSameStory parses every story fixture and a generated
// corpus with the fast YAML path and with yaml.v3 alone, and requires the
// same frontmatter and problems from both.
func TestFastYAMLPathGivesSameStory(t *testing.T) {
	inputs := storyInputs(t, 100, 5)
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
