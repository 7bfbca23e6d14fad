package command

import (
	"github.com/storygate/storygate/internal/lifecycle"

	"reflect"
	"testing"
)

func TestParseFindsCommandsAtLineStartOnly(t *testing.T) {
	body := "Thanks!\n/UNBLOCK Ready story-002 the dependency landed\nmore reasons\n```\n/block\n```\nnot a /command\n/path/to/file\n/mark-done"
	got := Parse(body)
	want := []Command{
		{Name: "unblock", Target: "ready", StoryID: "STORY-002", Rationale: "the dependency landed\nmore reasons\nnot a /command\n/path/to/file", Line: 2},
		{Name: "mark-done", Line: 9},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Parse:\n got %+v\nwant %+v", got, want)
	}
}

func TestCommandEvents(t *testing.T) {
	cases := map[string]lifecycle.Event{
		"/approve-plan": "approve_plan", "/reopen": "reopen_for_revision", "/unblock done": "unblock_to_done",
		"/ruling planning": "ruling_to_planning", "/block STORY-001 broken": "block",
	}
	for text, want := range cases {
		cmds := Parse(text)
		if len(cmds) != 1 {
			t.Fatalf("%s: %d commands", text, len(cmds))
		}
		if got, err := cmds[0].Event(); err != nil || got != want {
			t.Errorf("%s: event %q, %v; want %s", text, got, err, want)
		}
	}
	if _, err := Parse("/unblock")[0].Event(); err == nil {
		t.Error("/unblock without a target decided something")
	}
}

func TestLegalCommandsFollowTheTable(t *testing.T) {
	cases := map[lifecycle.State][]string{
		"plan_review": {"/approve-plan", "/reject-plan", "/block"},
		"blocked":     {"/unblock planning", "/unblock ready", "/unblock generating", "/unblock done"},
		"escalated":   {"/ruling planning", "/ruling ready", "/ruling generating", "/block"},
		"generating":  nil,
	}
	for state, want := range cases {
		if got := LegalCommands(state); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v", state, got, want)
		}
	}
}

func TestAllowTestEditReadsPathsThenTheRationale(t *testing.T) {
	t.Parallel()
	cases := []struct {
		body      string
		paths     []string
		rationale string
	}{
		{"/allow-test-edit tests/a_test.go -- the rename forced it", []string{"tests/a_test.go"}, "the rename forced it"},
		{"/Allow-Test-Edit tests/a.sh tests/b.sh -- both\nrenamed", []string{"tests/a.sh", "tests/b.sh"}, "both\nrenamed"},
		{"/allow-test-edit tests/a.sh STORY-001", []string{"tests/a.sh", "STORY-001"}, ""},
		{"/allow-test-edit -- no paths", []string{}, "no paths"},
		{"/allow-test-edit tests/a.sh --", []string{"tests/a.sh"}, ""},
	}
	for _, c := range cases {
		cmds := Parse(c.body)
		if len(cmds) != 1 {
			t.Fatalf("%q: %d commands", c.body, len(cmds))
		}
		got := cmds[0]
		if got.Name != AllowTestEdit || !got.IsRuling() || !reflect.DeepEqual(got.Paths, c.paths) || got.Rationale != c.rationale || got.StoryID != "" {
			t.Errorf("%q: got %+v, want paths %q rationale %q", c.body, got, c.paths, c.rationale)
		}
		if _, err := got.Event(); err == nil {
			t.Errorf("%q decides a story event", c.body)
		}
	}
	if Parse("/approve-plan tests/a.sh -- x")[0].Paths != nil || Parse("/approve-plan")[0].IsRuling() {
		t.Error("a story command reads paths")
	}
	if got := RevertRuling([]string{"tests/a.sh"}); got != "/allow-test-edit tests/a.sh -- <why the edit is right>" {
		t.Errorf("RevertRuling: %q", got)
	}
	if got := Parse("/allow-test-edit tests/a.sh -- ok")[0].Text(); got != "/allow-test-edit tests/a.sh" {
		t.Errorf("Text: %q", got)
	}
}
