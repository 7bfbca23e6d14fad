package chatops

import (
	"fmt"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/story"
)

// decisions is STORY-001 with one Decision entry per "event@state#comment".
func decisions(t *testing.T, entries ...string) string {
	var b strings.Builder
	for i, e := range entries {
		event, rest, _ := strings.Cut(e, "@")
		state, id, _ := strings.Cut(rest, "#")
		fmt.Fprintf(&b, "### Decision %d\n**Date:** 2026-06-01 10:00\n**At state:** %s\n**Decision:** %s\n**Rationale:** r\n**Binding:** true\n"+
			"**Source:** https://github.com/%s/pull/%d#issuecomment-%s\n\n", i+1, state, event, repoName, prNumber, id)
	}
	return strings.Replace(string(readFixture(t, "STORY-001.plan_review.md")), "## Human Decisions\n", "## Human Decisions\n\n"+b.String(), 1)
}

// TestSupersededBy: an approval is released by a later reopen or by a
// decision that sent the story back before the state it reached; "later"
// is by source comment id, whatever the file's order. Decisions that
// approve nothing are never held to what they saw.
func TestSupersededBy(t *testing.T) {
	tests := []struct {
		name    string
		entries []string
		heading string
		want    string
	}{
		{"reopen after acceptance", []string{"approve_plan@plan_review#10", "accept_result@evaluation_review#20", "reopen_for_revision@accepted#30"}, "Decision 2", "Decision 3"},
		{"a reopen releases the plan approval too (the contract may change)", []string{"approve_plan@plan_review#10", "reopen_for_revision@accepted#30"}, "Decision 1", "Decision 2"},
		{"revision after the plan approval", []string{"approve_plan@plan_review#10", "request_revision@evaluation_review#20"}, "Decision 1", ""},
		{"ruling back to planning", []string{"approve_plan@plan_review#10", "escalate@evaluation_review#20", "ruling_to_planning@escalated#30"}, "Decision 1", "Decision 3"},
		{"blocked is beside the loop", []string{"approve_plan@plan_review#10", "block@evaluation_review#20"}, "Decision 1", ""},
		{"an earlier comment moved later in the file", []string{"approve_plan@plan_review#20", "reject_plan@plan_review#10"}, "Decision 1", ""},
		{"a rejection is no approval to supersede", []string{"reject_plan@plan_review#10", "approve_plan@plan_review#20"}, "Decision 1", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := story.Parse(storyPath, []byte(decisions(t, tt.entries...)))
			if n := len(s.Decisions()); n != len(tt.entries) {
				t.Fatalf("%d decisions parsed, want %d", n, len(tt.entries))
			}
			got, ok := SupersededBy(s, tt.heading)
			if got != tt.want || ok != (tt.want != "") {
				t.Errorf("SupersededBy(%s) = %q, %v; want %q", tt.heading, got, ok, tt.want)
			}
		})
	}
}
