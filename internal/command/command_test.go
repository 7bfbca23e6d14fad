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
