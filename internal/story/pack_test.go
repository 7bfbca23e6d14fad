package story

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// packCases are stories whose slim form exercises every packed field: no
// frontmatter, parse problems, nil, empty and filled lists, null values.
var packCases = map[string]string{
	"no frontmatter":    "# STORY-001 T\n",
	"unclosed":          "---\nid: STORY-001\n",
	"binary":            "---\nid: \x00\n---\n",
	"not a mapping":     "---\n- a\n---\n",
	"empty frontmatter": "---\n---\n",
	"every slim field": "---\nschema: enso.story/v1\nid: STORY-001\nstate: ready\nparent: STORY-000\n" +
		"depends_on: [STORY-002, STORY-003]\ndependent_stories: [STORY-004]\n" +
		"scope:\n  write: [src/, 'docs/ü']\n  exclude: [src/gen/]\n---\n\n# STORY-001 T\n",
	"empty lists":    "---\nid: STORY-001\ndepends_on: []\ndependent_stories: []\nscope:\n  write: []\n---\n",
	"one empty list": "---\nid: STORY-001\ndepends_on: []\ndependent_stories: [STORY-002]\n---\n",
	"nulls":          "---\nid:\nstate: ~\nparent: ''\ndepends_on:\nscope:\n---\n",
	"wrong types":    "---\nid: [a]\nstate: {a: 1}\ndepends_on: STORY-002\nscope: [src/]\n---\n",
}

// TestUnpackIsSlim: unpacking a packed story gives exactly what Slim
// gives, unexported fields and nil-against-empty lists included, for the
// cases above and every story in testdata.
func TestUnpackIsSlim(t *testing.T) {
	t.Parallel()
	srcs := map[string][]byte{}
	for name, src := range packCases {
		srcs[name] = []byte(src)
	}
	files, err := filepath.Glob("testdata/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata stories: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[f] = src
	}
	for name, src := range srcs {
		full := Parse("stories/"+filepath.Base(name)+".md", src)
		requireUnpackIsSlim(t, name, full)
	}
}

func requireUnpackIsSlim(t *testing.T, name string, full *Story) {
	t.Helper()
	got, err := full.Pack().Unpack()
	if err != nil {
		t.Fatalf("%s: unpack: %v", name, err)
	}
	if want := full.Slim(); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: unpacked story differs from the slim one:\n got %#v\nwant %#v", name, got, want)
	}
	if got.Front != nil && got.Front.Details != &noDetails {
		t.Fatalf("%s: unpacked frontmatter has details of its own", name)
	}
}

// TestUnpackRefusesDamagedInput: every truncation of a packed story, and
// one with bytes left over, is an error, never a panic or a story.
func TestUnpackRefusesDamagedInput(t *testing.T) {
	t.Parallel()
	p := Parse("stories/a.md", []byte(packCases["every slim field"])).Pack()
	for n := range len(p) {
		if s, err := p[:n].Unpack(); err == nil {
			t.Fatalf("truncated to %d of %d bytes: unpacked %+v, want an error", n, len(p), s)
		}
	}
	if s, err := append(p[:len(p):len(p)], 'x').Unpack(); err == nil {
		t.Fatalf("a trailing byte was taken: unpacked %+v, want an error", s)
	}
	if _, err := Packed(nil).Unpack(); err == nil {
		t.Fatal("empty input unpacked")
	}
}

// FuzzPack: for any file, the packed slim story unpacks to Slim's; and
// any bytes at all unpack to a story or an error, never a panic.
func FuzzPack(f *testing.F) {
	for _, src := range packCases {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		requireUnpackIsSlim(t, "fuzz", Parse("stories/f.md", src))
		_, _ = Packed(src).Unpack()
	})
}
