package story

import (
	"slices"
	"testing"
	"unsafe"
)

// TestSlimKeepsTheSetFieldsAndDropsTheDetails: a slim story answers what
// set rules ask (id, state, dependencies, scope, key positions) and reads
// every other field as absent, without a Details of its own.
func TestSlimKeepsTheSetFieldsAndDropsTheDetails(t *testing.T) {
	t.Parallel()
	src := "---\nschema: enso.story/v1\nid: STORY-001\ntitle: T\nstate: ready\ndepends_on: [STORY-002]\nscope:\n  write: [src/]\n---\n\n# STORY-001 T\n"
	full := Parse("stories/STORY-001.md", []byte(src))
	a, b := full.Slim(), full.Slim()
	fm := a.Front
	if fm.ID.Value != "STORY-001" || fm.State.Value != "ready" || len(fm.DependsOn.Items) != 1 || fm.Scope.Write.Values()[0] != "src/" {
		t.Errorf("slim frontmatter lost a set field: %+v", fm)
	}
	if fm.KeyPos("depends_on") != full.Front.KeyPos("depends_on") || fm.KeyPos("depends_on").Line != 6 {
		t.Errorf("depends_on at %v, full story says %v", fm.KeyPos("depends_on"), full.Front.KeyPos("depends_on"))
	}
	if fm.Title.Set || fm.Schema.Value != "" || fm.Keys != nil || fm.Root != nil {
		t.Errorf("slim frontmatter kept details: title %+v", fm.Title)
	}
	if a.Front.Details != b.Front.Details || a.Front.Details == full.Front.Details {
		t.Error("slim stories do not share the empty details")
	}
	// What keeps a slim story small: the frontmatter without its details.
	if size := unsafe.Sizeof(Frontmatter{}); size > 640 {
		t.Errorf("Frontmatter is %d bytes; set-rule fields only should stay under 640", size)
	}
}

// TestSlimValuesShareNothingWithTheSource: a slim story's values survive
// the source being overwritten, and its lists, which share one array, do
// not overwrite each other when a caller appends to one.
func TestSlimValuesShareNothingWithTheSource(t *testing.T) {
	t.Parallel()
	src := []byte("---\nschema: enso.story/v1\nid: STORY-001\nstate: ready\nparent: STORY-000\ndepends_on: [STORY-002, STORY-003]\ndependent_stories: [STORY-004]\nscope:\n  write: [src/]\n  exclude: [src/gen/]\n---\n\n# STORY-001 T\n")
	slim := Parse("stories/STORY-001.md", src).Slim()
	for i := range src {
		src[i] = 'x'
	}
	fm := slim.Front
	got := []string{fm.ID.Value, fm.State.Value, fm.Parent.Value}
	for _, l := range []StringList{fm.DependsOn, fm.DependentStories, fm.Scope.Write, fm.Scope.Exclude} {
		got = append(got, l.Values()...)
	}
	want := []string{"STORY-001", "ready", "STORY-000", "STORY-002", "STORY-003", "STORY-004", "src/", "src/gen/"}
	if !slices.Equal(got, want) {
		t.Fatalf("slim values after the source changed: %q, want %q", got, want)
	}
	_ = append(fm.DependsOn.Items, Scalar{Value: "STORY-999"})
	if v := fm.DependentStories.Items[0].Value; v != "STORY-004" {
		t.Errorf("appending to depends_on overwrote dependent_stories: %q", v)
	}
}
