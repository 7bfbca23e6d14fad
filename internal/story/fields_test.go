package story

import (
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

func TestParseTimeAgreesWithTheLayouts(t *testing.T) {
	cases := []string{
		"2026-05-27 10:00", "2026-05-27T10:00:00Z", "2026-02-30 10:00", "2026-02-28T23:59:59Z", "2026-13-01 10:00",
		"2026-05-27 24:00", "2026-05-27T10:00:60Z", "2026-05-27T10:00:00+02:00", "2026-05-27", "2026-5-27 10:00",
		"2026-05-27 1a:00", "yesterday", "", "2024-02-29 12:00", "2023-02-29 12:00",
		"2026-05-27t00:00:00Z", "2026-5-27T00:00:00Z", "2026-5-2", "2026-05-27t10:00:00.5+02:00", "2026-5-27 1:2:3",
		"2026-05x27 10:00", "2026-05-27x10:00:00Z", "2026-5-27", "2026-05-27t24:00:00Z",
	}
	for _, c := range cases {
		got, ok := ParseTime(c)
		var want time.Time
		wantOK := false
		for _, layout := range TimeLayouts {
			if tm, err := time.Parse(layout, c); err == nil {
				want, wantOK = tm, true
				break
			}
		}
		if ok != wantOK || !got.Equal(want) {
			t.Errorf("ParseTime(%q) = %v, %v; the layouts give %v, %v", c, got, ok, want, wantOK)
		}
	}
}

// TestBlankStringsAreNoValue checks that a field written as an empty or
// white-space string reads as no value, like null, without a type error,
// while a blank item of a path list stays an item.
func TestBlankStringsAreNoValue(t *testing.T) {
	src := "---\nid: \"\"\ntitle: '  '\niteration: \"\"\ncreated_at: ''\nscope: \"\"\nacceptance_criteria: \"\"\n" +
		"verification:\n  - id: V1\n    command: \" \"\n    pass_when: \"\"\ntags: [\"\"]\n---\n"
	fm := Parse("STORY-001.md", []byte(src)).Front
	if fm == nil {
		t.Fatal("no frontmatter")
	}
	for name, null := range map[string]bool{"id": fm.ID.Null && !fm.ID.Set, "title": fm.Title.Null && !fm.Title.Set,
		"iteration": fm.Iteration.Null, "created_at": fm.CreatedAt.Null, "scope": fm.Scope.Null && !fm.Scope.Set,
		"acceptance_criteria": fm.Acceptance.Null, "command": fm.Verification.Items[0].Command.Null,
		"pass_when": !fm.Verification.Items[0].PassWhen.Set} {
		if !null {
			t.Errorf("%s: blank string does not read as no value", name)
		}
	}
	if len(fm.TypeErrors) > 0 {
		t.Errorf("type errors %v; want none", fm.TypeErrors)
	}
	if len(fm.Tags.Items) != 1 || !fm.Tags.Items[0].Set {
		t.Errorf("tags = %+v; want one blank item", fm.Tags.Items)
	}
	if len(fm.MissingItemFields) != 1 || fm.MissingItemFields[0].Pos != (Pos{Line: 10, Column: 14}) {
		t.Errorf("missing item fields = %+v; want verification[0].command at 10:14", fm.MissingItemFields)
	}
}

// TestParseTimeAcceptsYAMLTimestamps checks that every value yaml.v3 tags
// !!timestamp is a timestamp to ParseTime too, with the same instant.
func TestParseTimeAcceptsYAMLTimestamps(t *testing.T) {
	cases := []string{
		"2026-05-27T00:00:00Z", "2026-05-27t00:00:00Z", "2026-5-27T00:00:00Z", "2026-5-7t1:2:3Z", "2026-05-27",
		"2026-5-7", "2026-05-27 10:00:00", "2026-5-27 1:2:3.25", "2026-05-27T10:00:00.123456789+02:00",
		"2026-05-27t10:00:00-05:30", "2001-12-14 21:59:43.10 -5", "2026-05-27 10:00", "2026-13-01", "20260-1-1",
	}
	timestamps := 0
	for _, c := range cases {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte("t: "+c), &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Content[0].Content[1].Tag != "!!timestamp" {
			continue
		}
		timestamps++
		var v struct{ T time.Time }
		if err := yaml.Unmarshal([]byte("t: "+c), &v); err != nil {
			t.Fatal(err)
		}
		if got, ok := ParseTime(c); !ok || !got.Equal(v.T) {
			t.Errorf("ParseTime(%q) = %v, %v; yaml.v3 reads the timestamp %v", c, got, ok, v.T)
		}
	}
	if timestamps < 10 {
		t.Errorf("only %d of the cases are timestamps to yaml.v3", timestamps)
	}
}

// FuzzParseTimeAcceptsYAMLTimestamps holds ParseTime to yaml.v3's notion
// of a timestamp on any one-line value.
func FuzzParseTimeAcceptsYAMLTimestamps(f *testing.F) {
	for _, s := range []string{"2026-05-27t00:00:00Z", "2026-5-27T00:00:00Z", "2026-5-2", "2026-05-27 1:2:3.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var doc yaml.Node
		if yaml.Unmarshal([]byte("t: "+s), &doc) != nil || len(doc.Content) == 0 || len(doc.Content[0].Content) < 2 {
			return
		}
		if n := doc.Content[0].Content[1]; n.Tag == "!!timestamp" {
			if _, ok := ParseTime(n.Value); !ok {
				t.Errorf("yaml.v3 tags %q !!timestamp; ParseTime refuses it", n.Value)
			}
		}
	})
}

// TestParseTimeAcceptsLowerCaseZ: RFC 3339 allows "z" for "Z".
func TestParseTimeAcceptsLowerCaseZ(t *testing.T) {
	for _, c := range []string{"2026-05-27T10:00:00z", "2026-05-27t10:00:00z", "2026-05-27T10:00:00.5z"} {
		got, ok := ParseTime(c)
		want, _ := ParseTime(c[:len(c)-1] + "Z")
		if !ok || !got.Equal(want) {
			t.Errorf("ParseTime(%q) = %v, %v; want %v", c, got, ok, want)
		}
	}
	if _, ok := ParseTime("2026-05-27z"); ok {
		t.Error("a date with a zone letter and no time was accepted")
	}
}
