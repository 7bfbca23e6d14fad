package gate

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// marshalled is s as encoding/json writes it in the stories array.
func marshalled(t testing.TB, s *Story) []byte {
	t.Helper()
	b, err := json.MarshalIndent(s, storyIndent, "  ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// oddStrings need every escape encoding/json makes, and some it does not.
var oddStrings = []string{"", "plain", `"quoted" \ back\slash`, "<b>&amp;</b>", "\b\f\n\r\t\x00\x01\x1f\x7f",
	"\u2028\u2029", "\xff\xfe invalid \xc3", "\xe2\x80", "é ü 日本 🙂", "/ slash", "\ufffd already"}

func TestAppendStoryIsEncodingJSONsStory(t *testing.T) {
	tr := func(actor string, unknown bool) Transition {
		return Transition{From: "ready", To: "generating", Event: "start_generation", Actor: actor, UnknownActor: unknown}
	}
	stories := []Story{
		{},
		{File: "stories/a.md", ID: "A-1", Title: "t", State: "done", Transitions: []Transition{}},
		{File: "stories/a.md", ID: "A-1", Title: "t", State: "done", BaseState: "accepted", UndrawnMoves: 3, Generating: true,
			NotRecomputed: true, Transitions: []Transition{tr("orchestrator", false), tr("", true), tr("", false)}},
		{UndrawnMoves: -2, Transitions: []Transition{{}}},
	}
	for _, odd := range oddStrings {
		stories = append(stories, Story{File: odd, ID: odd, Title: odd, State: odd, BaseState: odd,
			Transitions: []Transition{{From: odd, To: odd, Event: odd, Actor: odd}}})
	}
	for i := range stories {
		s := &stories[i]
		if !plainStory(s) {
			t.Fatalf("story %d is not plain", i)
		}
		if got, want := appendStory(nil, s), marshalled(t, s); !bytes.Equal(got, want) {
			t.Errorf("story %d:\n got %s\nwant %s", i, got, want)
		}
	}
	if plainStory(&Story{Verification: []Check{{}}}) || plainStory(&Story{Revert: &Revert{}}) {
		t.Error("a story with a verification or revert verdict passes for plain")
	}
}

// FuzzAppendStory holds appendStory to encoding/json for any strings and
// flags. Seeds live in testdata/fuzz/FuzzAppendStory.
func FuzzAppendStory(f *testing.F) {
	for _, s := range oddStrings {
		f.Add(s, s, uint8(0xff), 2)
	}
	f.Add("a", "b", uint8(0), 0)
	f.Fuzz(func(t *testing.T, a, b string, flags uint8, moves int) {
		s := &Story{File: a, ID: b, Title: a + b, State: b, UndrawnMoves: moves, Generating: flags&1 != 0,
			NotRecomputed: flags&2 != 0}
		if flags&4 != 0 {
			s.BaseState = a
		}
		switch {
		case flags&8 != 0:
			s.Transitions = []Transition{}
		case flags&16 != 0:
			s.Transitions = []Transition{{From: a, To: b, Event: a, Actor: b, UnknownActor: flags&32 != 0}, {From: b}}
		}
		if got, want := appendStory(nil, s), marshalled(t, s); !bytes.Equal(got, want) {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
	})
}

// filled sets every field of the struct v points to non-zero (strings,
// numbers, bools, one-element slices, pointers to zero values), so that a
// field added to Story or Transition shows in encoding/json's output.
func filled(v reflect.Value) {
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Int, reflect.Int64:
			f.SetInt(1)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
			if e := f.Index(0); e.Kind() == reflect.Struct {
				filled(e)
			} else if e.Kind() == reflect.String {
				e.SetString("x")
			}
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		}
	}
}

// TestAppendStoryKnowsEveryField: a story with every field set, less the
// two that send it through encoding/json, is written by appendStory as
// encoding/json writes it. A field added to Story or Transition fails
// this until appendStory writes it (or plainStory sends it elsewhere).
func TestAppendStoryKnowsEveryField(t *testing.T) {
	var s Story
	filled(reflect.ValueOf(&s).Elem())
	s.Verification, s.Revert = nil, nil
	if !plainStory(&s) {
		t.Fatal("a story without verification or revert verdicts is not plain")
	}
	if got, want := appendStory(nil, &s), marshalled(t, &s); !bytes.Equal(got, want) {
		t.Errorf("a story with every field set:\n got %s\nwant %s", got, want)
	}
}
