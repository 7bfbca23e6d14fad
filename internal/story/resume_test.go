package story

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// bodyFragments are what the edits insert: every kind of line that opens,
// continues or closes a block, and bytes that split a line or its ending.
var bodyFragments = []string{
	"\n", "## Inserted heading\n", "# Title\n", "A paragraph.\n", "- an item\n", "  continued\n",
	"```\n", "    indented code\n", "> a quote\n", "| a | b |\n|---|---|\n", "===\n", "---\n",
	"<div>\n", "<!-- note -->\n", "\r\n", "\r", "#", " ", "x", "1. first\n", "- [x] done\n",
}

// TestParseBesideResumesTheBody edits each fixture at random places with
// the fragments above, in both directions (the edit as the head, then as
// the base), and requires ParseBeside to give the story Parse gives: the
// same blocks, sections, frontmatter and problems. It also requires that
// the body was resumed from the other story's blocks for most edits: a
// shortcut never taken shows nothing.
func TestParseBesideResumesTheBody(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 29))
	resumed, pairs := 0, 0
	for name, src := range storyInputs(t, 10, 11) {
		for range 2 {
			edited := editAt(rng, src)
			for _, pair := range [][2][]byte{{src, edited}, {edited, src}} {
				pairs++
				if requireSameParse(t, name, pair[0], pair[1]) {
					resumed++
				}
			}
		}
		pairs++
		if requireSameParse(t, name, src, append(bytes.Clone(src), "\nA paragraph the change added.\n"...)) {
			resumed++
		}
	}
	if resumed < pairs/3 {
		t.Fatalf("the body was resumed for %d of %d pairs: too few to show anything", resumed, pairs)
	}
}

// editAt inserts one to three fragments at a random place of src.
func editAt(rng *rand.Rand, src []byte) []byte {
	at := rng.IntN(len(src) + 1)
	var add []byte
	for range 1 + rng.IntN(3) {
		add = append(add, bodyFragments[rng.IntN(len(bodyFragments))]...)
	}
	return slices.Concat(src[:at], add, src[at:])
}

// requireSameParse parses head beside base and alone, fails t when the two
// differ, and reports whether the body was resumed from base's blocks.
func requireSameParse(t *testing.T, name string, baseSrc, headSrc []byte) bool {
	t.Helper()
	base := Parse(name, baseSrc)
	want, got := Parse(name, headSrc), ParseBeside(name, headSrc, base)
	if !reflect.DeepEqual(want.Body, got.Body) {
		t.Errorf("%s: body differs (-Parse +ParseBeside), base:\n%q\nhead:\n%q\n%s", name, baseSrc, headSrc, cmp.Diff(want.Body, got.Body, cmp.AllowUnexported(Body{}, Section{})))
	}
	if !reflect.DeepEqual(want.Problems, got.Problems) || want.bodyStart != got.bodyStart {
		t.Errorf("%s: problems or body start differ (-Parse +ParseBeside):\n%s", name, cmp.Diff(want.Problems, got.Problems))
	}
	if !reflect.DeepEqual(want.Front, got.Front) {
		t.Errorf("%s: frontmatter differs", name)
	}
	if !slices.Equal(want.lines.starts, got.lines.starts) {
		t.Errorf("%s: line starts differ (-Parse +ParseBeside):\n%s", name, cmp.Diff(want.lines.starts, got.lines.starts))
	}
	done, _ := resumePoint(headSrc, got.lines, base, sharedWith(headSrc, base))
	return done != nil && got.Body != nil && got.Body.scanned
}

// FuzzParseBeside requires ParseBeside to give the story Parse gives for
// any head beside any base.
func FuzzParseBeside(f *testing.F) {
	for _, seed := range [][2]string{
		{"# T\n\n## A\n\ntext\n", "# T\n\n## A\n\ntext\nmore\n"},
		{"## A\n- item\n## B\n", "## A\n- item\n  ## B\n"},
		{"## A\r\nx\n", "## A\rx\n"},
		{"---\nid: S-1\n---\n## A\n", "---\nid: S-1\n---\n## A\n<div>\n"},
		{"## A\n```\n## B\n", "## A\n```\n## B\n```\n"},
	} {
		f.Add([]byte(seed[0]), []byte(seed[1]))
	}
	f.Fuzz(func(t *testing.T, baseSrc, headSrc []byte) {
		requireSameParse(t, "fuzz.md", baseSrc, headSrc)
	})
}

// TestABaseWhoseHeadAddedAParagraphIsResumedWhole: a base parsed beside
// the head a change made by appending a paragraph after its last block
// (its Transition Log table, in a generated story) takes every one of
// its blocks from the head's, the table included, and is the story Parse
// gives; a base whose last table row the head extended, where the table
// ends elsewhere, rescans it.
func TestABaseWhoseHeadAddedAParagraphIsResumedWhole(t *testing.T) {
	t.Parallel()
	for name, src := range storyInputs(t, 20, 5) {
		base := Parse(name, src)
		if base.Body == nil || !base.Body.scanned || len(base.Body.Blocks) == 0 {
			continue
		}
		last := base.Body.Blocks[len(base.Body.Blocks)-1]
		head := Parse(name, append(bytes.Clone(src), "\nA paragraph the change added.\n"...))
		requireSameParse(t, name, head.Src, src)
		got := ParseBeside(name, src, head)
		done, _ := resumePoint(src, got.lines, head, sharedWith(src, head))
		wholeLine := bytes.HasSuffix(src, []byte("\n"))
		if resumable := last.Kind == BlockParagraph || last.Kind == BlockTable || last.Kind == BlockHeading; resumable && wholeLine &&
			len(done) != len(base.Body.Blocks) {
			t.Errorf("%s: %d of %d blocks taken from the head; its last block (kind %d, line %d) was scanned again",
				name, len(done), len(base.Body.Blocks), last.Kind, last.Pos.Line)
		}
		if last.Kind != BlockTable || !wholeLine {
			continue
		}
		extended := Parse(name, append(bytes.Clone(src), "| one | more | row | of | the | table |\n"...))
		requireSameParse(t, name, extended.Src, src)
		if done, _ := resumePoint(src, ParseBeside(name, src, extended).lines, extended, sharedWith(src, extended)); len(done) == len(base.Body.Blocks) {
			t.Errorf("%s: the table the head extended was taken whole from the head", name)
		}
	}
}
