package report

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
)

func TestNextStepIsTheCommandToType(t *testing.T) {
	tests := []struct {
		state, id string
		want      []string
	}{
		{"plan_review", "STORY-002", []string{"Comment `/approve-plan STORY-002` (or `/reject-plan STORY-002`, `/block STORY-002`)"}},
		{"evaluation_review", "AUTH-12", []string{"`/accept-result AUTH-12`", "`/request-revision AUTH-12`", "`/escalate AUTH-12`"}},
		{"blocked", "STORY-9", []string{"`/unblock planning STORY-9`", "`/unblock done STORY-9`"}},
		{"escalated", "STORY-9", []string{"`/ruling ready STORY-9`", "`/block STORY-9`"}},
		{"accepted", "STORY-9", []string{"`/mark-done STORY-9`", "`/reopen STORY-9`"}},
		// An ID chatops would not read as one is left out, not typed wrong.
		{"plan_review", "STORY 1; /block", []string{"Comment `/approve-plan` (or `/reject-plan`, `/block`)"}},
		{"plan_review", "", []string{"Comment `/approve-plan` (or"}},
		{"generating", "STORY-1", []string{"the generator acts; no human decision is pending"}},
		{"done", "STORY-1", []string{"nothing — the story is done"}},
	}
	for _, tt := range tests {
		got := nextStep(gate.Story{ID: tt.id, State: tt.state}, "someone", "")
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s %q: %q lacks %q", tt.state, tt.id, got, w)
			}
		}
		for _, line := range strings.Split(got, "\n") {
			if strings.HasPrefix(line, "/") {
				t.Errorf("a command starts a line: %q", line)
			}
		}
	}
	if got := nextStep(gate.Story{State: "nonsense"}, "x", ""); got != "" {
		t.Errorf("an unknown state has no next step: %q", got)
	}
}

func TestWhoMayDecideFollowsThePolicy(t *testing.T) {
	tests := []struct {
		policy *config.Approvers
		want   []string
	}{
		{nil, []string{"`approvers`", "write permission"}},
		{&config.Approvers{}, []string{"write permission or higher", "not the PR author"[:0]}},
		{&config.Approvers{Permission: "admin", Teams: []string{"@acme/leads"}, Deny: []string{"@claude-agent"}},
			[]string{"admin permission or higher", "membership of @\u200bacme/leads", "(agent accounts: `claude-agent`)"}},
	}
	for _, tt := range tests {
		got := whoMayDecide(tt.policy)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%+v: %q lacks %q", tt.policy, got, w)
			}
		}
		if strings.Contains(got, "@acme") {
			t.Errorf("a team is mentioned: %q", got)
		}
	}
}

// TestTheCommentSaysWhenTheAuthorMayDecide: the header's note and the
// "Who may type it" words name approvers.allow_author only when the
// trusted policy turns it on.
func TestTheCommentSaysWhenTheAuthorMayDecide(t *testing.T) {
	const note = "`approvers.allow_author` is on in the base branch's `.github/storygate.yml`: the author of this pull request may pass its human gates."
	for _, tc := range []struct {
		name   string
		policy *config.Approvers
		on     bool
	}{
		{"no policy", nil, false},
		{"default", &config.Approvers{}, false},
		{"on", &config.Approvers{AllowAuthor: true}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			md := Markdown(sampleResults(), MarkdownOptions{Approvers: tc.policy})
			if got := strings.Contains(md, note); got != tc.on {
				t.Errorf("note present %v, want %v:\n%s", got, tc.on, md)
			}
			if got := strings.Contains(md, "the PR author included"); got != tc.on {
				t.Errorf("who-may-decide names the author %v, want %v", got, tc.on)
			}
		})
	}
}
