package story

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFastYAMLPathGivesSameStory parses every story fixture and a generated
// corpus with the fast YAML path and with yaml.v3 alone, and requires the
// same frontmatter and problems from both.
func TestFastYAMLPathGivesSameStory(t *testing.T) {
	inputs := storyInputs(t, 100, 5)
	for name, src := range inputs {
		sameStory(t, name+" (-yaml.v3 +fast)", ParseReference(name, src), parseWith(true, name, src))
	}
	if len(inputs) < 150 {
		t.Fatalf("only %d inputs", len(inputs))
	}
}

// sameStory fails the test, saying how, when got's problems or frontmatter
// differ from want's. reflect.DeepEqual gives cmp.Diff's verdict on these
// (exported and Frontmatter's unexported fields, no Equal methods) at a
// fraction of its cost under -race on yaml.v3 trees; cmp.Diff then says
// how they differ.
func sameStory(t *testing.T, label string, want, got *Story) {
	t.Helper()
	if !reflect.DeepEqual(want.Problems, got.Problems) {
		t.Errorf("%s: problems differ:\n%s", label, cmp.Diff(want.Problems, got.Problems))
	}
	if !reflect.DeepEqual(want.Front, got.Front) {
		t.Errorf("%s: frontmatter differs:\n%s", label, cmp.Diff(want.Front, got.Front, cmp.AllowUnexported(Frontmatter{})))
	}
}
