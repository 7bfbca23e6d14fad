package story

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/bench/storygen"
)

// TestParseBesideGivesTheStoryParseGives parses each fixture's base (the
// fixture itself) and a head beside it, and requires the story Parse gives
// for the head: the same frontmatter, problems and body start. The head
// either appends a paragraph (the frontmatter's bytes are the base's, so
// it is shared, which the test also requires: the shortcut must be taken)
// or edits the frontmatter too (never shared). A slim
// story's frontmatter is never shared either.
func TestParseBesideGivesTheStoryParseGives(t *testing.T) {
	t.Parallel()
	inputs := storyInputs(t, 20, 7)
	shared := 0
	for name, src := range inputs {
		base := Parse(name, src)
		appended := append(bytes.Clone(src), "\nA paragraph the change added.\n"...)
		// Edits after the opening "---", when there is a frontmatter: a
		// line more, and a space that keeps every line where it was.
		edited, spaced := appended, appended
		if i := bytes.Index(appended, []byte("---")); i >= 0 {
			edited = slices.Concat(appended[:i+3], []byte("\n# a comment"), appended[i+3:])
			spaced = slices.Concat(appended[:i+3], []byte(" "), appended[i+3:])
		}
		for _, tc := range []struct {
			what     string
			head     []byte
			beside   *Story
			mayShare bool
		}{
			{"appended", appended, base, true},
			{"frontmatter edited", edited, base, false},
			{"opening line respaced", spaced, base, false},
			{"beside a slim story", appended, base.Slim(), false},
		} {
			want, got := Parse(name, tc.head), ParseBeside(name, tc.head, tc.beside)
			sameStory(t, name+", "+tc.what+" (-Parse +ParseBeside)", want, got)
			if want.bodyStart != got.bodyStart {
				t.Errorf("%s, %s: body starts at %d, Parse's at %d", name, tc.what, got.bodyStart, want.bodyStart)
			}
			isShared := got.Front != nil && base.Front != nil && got.Front.Details == base.Front.Details
			switch {
			case isShared && !tc.mayShare:
				t.Errorf("%s, %s: frontmatter shared", name, tc.what)
			case isShared:
				if got.Front == base.Front {
					t.Errorf("%s: the head holds the base's very Frontmatter, not a copy", name)
				}
				shared++
			case tc.mayShare && base.Front != nil:
				t.Errorf("%s, %s: a frontmatter byte for byte the base's was decoded again", name, tc.what)
			}
		}
	}
	if shared < len(inputs)/2 {
		t.Fatalf("the frontmatter was shared for %d of %d inputs: too few decoded ones to show anything", shared, len(inputs))
	}
}

// storyInputs are the story fixtures (broken frontmatter among them) and
// n generated stories.
func storyInputs(t *testing.T, n int, seed uint64) map[string][]byte {
	t.Helper()
	inputs := map[string][]byte{}
	for _, f := range storygen.Corpus(storygen.Options{N: n, Seed: seed}) {
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
	return inputs
}
