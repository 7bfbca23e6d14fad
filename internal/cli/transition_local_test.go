package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTransitionRecordsAHumanDecisionLocally: `storygate transition
// --actor human` at a human gate records the Decision entry itself, with
// the local Source, and the local gate accepts it as local, naming the
// command to type on the pull request. The control: an entry written by
// hand citing a comment cannot be verified locally and fails the gate.
func TestTransitionRecordsAHumanDecisionLocally(t *testing.T) {
	for _, local := range []bool{true, false} {
		t.Run(map[bool]string{true: "transition", false: "hand-written"}[local], func(t *testing.T) {
			repo, base, _, _ := actionRepo(t)
			repo.Remove("stories/STORY-003.md")
			repo.Write(map[string]string{"stories/STORY-002.md": string(demoStory(t, "STORY-002.md"))})
			base = repo.Commit("STORY-002 waits for its plan review")
			story := filepath.Join(repo.Root, "stories", "STORY-002.md")
			if local {
				code, out, errOut := run(t, "transition", "--root", repo.Root, "--event", "approve_plan", "--actor", "human", "--by", "alice", "--note", "small plan", story)
				if code != ExitOK || !strings.Contains(out, "type `/approve-plan STORY-002`") {
					t.Fatalf("transition: exit %d\n%s%s", code, out, errOut)
				}
				if text := readText(t, story); !strings.Contains(text, "**Source:** local: recorded by storygate transition") || !strings.Contains(text, "state: ready\n") {
					t.Fatalf("the story:\n%s", text)
				}
			} else {
				text := strings.Replace(readText(t, story), "## Evidence\n", "### Decision 1\n**Date:** 2026-06-01 10:00\n**At state:** plan_review\n**Decision:** approve_plan\n"+
					"**Rationale:** ok\n**Binding:** true\n**By:** alice\n**Source:** https://github.com/o/r/pull/1#issuecomment-1\n\n## Evidence\n", 1)
				repo.Write(map[string]string{"stories/STORY-002.md": text})
				if code, out, errOut := run(t, "transition", "--root", repo.Root, "--event", "approve_plan", "--actor", "human", story); code != ExitOK {
					t.Fatalf("transition: exit %d\n%s%s", code, out, errOut)
				}
			}
			repo.Commit("approved")
			code, out, errOut := run(t, "action", "--event-name", "local", "--base", base, "--gates", "stories", "--root", repo.Root)
			if local && (code != ExitOK || !strings.Contains(out+errOut, "hitl/decision-local") || !strings.Contains(out+errOut, "recorded locally: type")) {
				t.Errorf("local gate after a local decision: exit %d\n%s%s", code, out, errOut)
			}
			if !local && (code != ExitFindings || !strings.Contains(out+errOut, "hitl/decision-unverified")) {
				t.Errorf("local gate after a hand-written decision: exit %d\n%s%s", code, out, errOut)
			}
		})
	}
}
