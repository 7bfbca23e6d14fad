package gate

import (
	"strings"
	"testing"
)

// TestIdentities: the top keeps the names, external_id and marker
// storygate always used, byte for byte (branch protection and existing
// comments depend on them); a package root's carry it.
func TestIdentities(t *testing.T) {
	for _, tt := range []struct {
		id                       Identity
		name, externalID, marker string
	}{
		{Identity{Stories, ""}, "storygate / stories", "storygate/stories", "<!-- storygate:sticky -->"},
		{Identity{RevertCheck, "."}, "storygate / revert-check", "storygate/revert-check", "<!-- storygate:sticky -->"},
		{Identity{Stories, "pkg-a"}, "storygate / stories (pkg-a)", "storygate/stories@pkg-a", `<!-- storygate:sticky root="pkg-a" -->`},
		{Identity{Verify, "packages/b c"}, "storygate / verify (packages/b c)", "storygate/verify@packages/b c", `<!-- storygate:sticky root="packages/b c" -->`},
		{Identity{Records, `x" -->`}, `storygate / records (x" -->)`, `storygate/records@x" -->`, `<!-- storygate:sticky root="x\" --\x3e" -->`},
	} {
		if got := tt.id.CheckName(); got != tt.name {
			t.Errorf("%+v: name %q, want %q", tt.id, got, tt.name)
		}
		if got := tt.id.ExternalID(); got != tt.externalID {
			t.Errorf("%+v: external_id %q, want %q", tt.id, got, tt.externalID)
		}
		if got := StickyMarker(tt.id.Root); got != tt.marker {
			t.Errorf("%+v: marker %q, want %q", tt.id, got, tt.marker)
		}
		back, ok := ParseCheckName(tt.name)
		if !ok || back.Gate != tt.id.Gate || !SameRoot(back.Root, tt.id.Root) {
			t.Errorf("ParseCheckName(%q) = %+v, %v; want %+v", tt.name, back, ok, tt.id)
		}
	}
}

// TestParseCheckNameRefusesOthers: names storygate does not give are not
// read as its check runs.
func TestParseCheckNameRefusesOthers(t *testing.T) {
	for _, name := range []string{"", "build", "storygate / ", "storygate / nope", "storygate / stories ()", "storygate / stories (.)",
		"storygate / stories (pkg-a", "storygate / stories(pkg-a)", "storygate /stories", "Storygate / stories", "storygate / stories (pkg-a) "} {
		if id, ok := ParseCheckName(name); ok {
			t.Errorf("ParseCheckName(%q) = %+v, want refused", name, id)
		}
	}
}

// TestStickyMarkersNeverContainEachOther: comments are found by the marker
// they contain, so no root's marker may be a part of another root's.
func TestStickyMarkersNeverContainEachOther(t *testing.T) {
	roots := []string{"", "pkg", "pkg-a", "pkg a", `pkg" -->`, "pkg -->", `a\`, `a\"`, "p/q"}
	for _, a := range roots {
		for _, b := range roots {
			if a != b && strings.Contains(StickyMarker(b), StickyMarker(a)) {
				t.Errorf("the marker of %q is inside the marker of %q", a, b)
			}
		}
	}
}

// FuzzCheckNames: every name ParseCheckName accepts is exactly the name
// of what it returns, and every identity's name reads back as itself.
func FuzzCheckNames(f *testing.F) {
	f.Add("storygate / stories (pkg-a)", "pkg-a")
	f.Add("storygate / verify", "")
	f.Add("storygate / stages ((x) (y))", "a (b)")
	f.Fuzz(func(t *testing.T, name, root string) {
		if id, ok := ParseCheckName(name); ok && id.CheckName() != name {
			t.Errorf("ParseCheckName(%q) = %+v, whose name is %q", name, id, id.CheckName())
		}
		for _, g := range Names {
			id := Identity{Gate: g, Root: root}
			back, ok := ParseCheckName(id.CheckName())
			if !ok || back.Gate != g || !SameRoot(back.Root, root) {
				t.Errorf("%+v: name %q reads back as %+v, %v", id, id.CheckName(), back, ok)
			}
			if !AtTop(root) && strings.Contains(StickyMarker(root), StickyMarker("")) {
				t.Errorf("the top's marker is inside %q's", root)
			}
		}
	})
}
