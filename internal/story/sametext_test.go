package story

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"github.com/storygate/storygate/internal/lifecycle"
)

// TestSameTextAgreesWithText holds the byte-comparing shortcuts to the
// strings they stand for: for every pair of line ranges of these sources,
// SameText says what comparing Text says. The sources differ in the ways
// Text forgives (trailing white space, trailing blank lines, line endings)
// and in the ways it does not (a word, a leading space, a blank line
// inside), so both answers occur.
func TestSameTextAgreesWithText(t *testing.T) {
	t.Parallel()
	sources := []string{
		"a\nb\nc\n",
		"a\nb \nc\n",
		"a\r\nb\r\nc\r\n",
		"a\rb\rc",
		"a\n\nb\nc\n\n\n",
		" a\nb\nc",
		"a\nb\nd\n",
		"a\nb\t\nc\n\n",
		"",
	}
	stories := make([]*Story, len(sources))
	for i, src := range sources {
		stories[i] = Parse(fmt.Sprintf("s%d.md", i), []byte(src))
	}
	agreed, same := 0, 0
	for i, s := range stories {
		for j, o := range stories {
			for from := 0; from <= 7; from++ {
				for to := from - 1; to <= 7; to++ {
					want := s.Text(from, to) == o.Text(from, to)
					if got := s.SameText(from, to, o, from, to); got != want {
						t.Errorf("sources %d, %d, lines %d..%d: SameText %v, Text equal %v (%q, %q)", i, j, from, to, got, want, s.Text(from, to), o.Text(from, to))
					}
					// Ranges shifted by a line: the same bytes at other lines.
					want = s.Text(from, to) == o.Text(from+1, to+1)
					if got := s.SameText(from, to, o, from+1, to+1); got != want {
						t.Errorf("sources %d, %d, lines %d..%d against %d..%d: SameText %v, Text equal %v", i, j, from, to, from+1, to+1, got, want)
					}
					agreed++
					if want {
						same++
					}
				}
			}
		}
	}
	if same == 0 || same == agreed {
		t.Fatalf("%d of %d pairs had equal text: the sources do not exercise both answers", same, agreed)
	}
}

// TestSameSectionAndEntryTextAgree does the same for sections and entries
// of a parsed story (testdata/full.md): one whose first generator
// iteration only gained trailing white space, and one where it was edited.
func TestSameSectionAndEntryTextAgree(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/full.md")
	if err != nil {
		t.Fatal(err)
	}
	const line = "Added the validator."
	base := Parse("base.md", src)
	tests := []struct {
		name string
		edit string
		same bool
	}{
		{"unchanged", line, true},
		{"trailing white space", line + "  \t", true},
		{"edited", line + " And more.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			head := Parse("head.md", bytes.Replace(src, []byte(line), []byte(tt.edit), 1))
			const section = lifecycle.SectionGenerator
			bs, hs := base.Body.Section(section), head.Body.Section(section)
			if bs == nil || hs == nil {
				t.Fatal("no generator section parsed")
			}
			if got := base.SameSectionText(bs, head, hs); got != tt.same || got != (base.SectionText(bs) == head.SectionText(hs)) {
				t.Errorf("SameSectionText = %v, want %v", got, tt.same)
			}
			be, he := base.MustEntries(section), head.MustEntries(section)
			if len(be) == 0 || len(he) != len(be) {
				t.Fatalf("entries: base %d, head %d, want the same, at least 1", len(be), len(he))
			}
			if got := base.SameEntryText(be[0].Entry, head, he[0].Entry); got != tt.same || got != (base.EntryText(be[0].Entry) == head.EntryText(he[0].Entry)) {
				t.Errorf("SameEntryText = %v, want %v", got, tt.same)
			}
		})
	}
}
