package chatops

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/story"
)

// FuzzRepliesCarryNoRecord renders storygate's replies (help, an
// ambiguous refusal, a receipt) for two waiting stories whose id and path
// are arbitrary: whatever the agent writes there, a help or refusal reply
// carries no receipt and a receipt reply exactly its own, none issues a
// command, and none holds an HTML comment beyond storygate's own markers.
// The corpus lives in testdata/fuzz/FuzzRepliesCarryNoRecord.
func FuzzRepliesCarryNoRecord(f *testing.F) {
	for _, id := range hostileIDs() {
		f.Add(id, "stories/STORY-004.md")
	}
	text, err := os.ReadFile("testdata/STORY-001.plan_review.md")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, id, path string) {
		if !utf8.ValidString(id) || !utf8.ValidString(path) {
			t.Skip("GitHub's paths and the stories' text are UTF-8")
		}
		hostile := strings.Replace(string(text), "id: STORY-001", "id: "+quoted(id), 1)
		stories := []prStory{readStory(github.File{Path: "stories/STORY-001.md", Content: text}, "stories/STORY-001.md"),
			{file: github.File{Path: path}, path: path, story: story.Parse(path, []byte(hostile))}}
		cmd := command.Parse("/approve-plan")[0]
		_, reason := selectStory(stories, cmd)
		receipt := Receipt{Story: stories[1].id(), Path: path, Event: "approve_plan", At: "plan_review", Source: 7,
			Head: strings.Repeat("a", 40), Digest: "sha256:" + strings.Repeat("0", 64), Covers: "contract"}
		replies := map[string]struct {
			body     string
			receipts int
		}{
			"help":    {helpReply("reviewer", command.Parse("/storygate help")[0], stories, "write permission"), 0},
			"refusal": {refusalReply("reviewer", cmd, reason, stories, "write permission"), 0},
		}
		// A receipt of values that are not plain is never posted: the
		// recorder refuses the decision first (receiptProblem).
		if receiptProblem("reviewer", receipt) == "" {
			replies["receipt"] = struct {
				body     string
				receipts int
			}{receipt.Reply("reviewer"), 1}
		}
		for name, c := range replies {
			got := receiptsIn(c.body)
			if len(got) != c.receipts || (c.receipts == 1 && got[0] != receipt) {
				t.Fatalf("%s reply carries %+v:\n%s", name, got, c.body)
			}
			if cmds := command.Parse(c.body); len(cmds) != 0 {
				t.Fatalf("%s reply issues %+v:\n%s", name, cmds, c.body)
			}
			if n := strings.Count(c.body, "<!--"); n != 1+c.receipts {
				t.Fatalf("%s reply holds %d HTML comments:\n%s", name, n, c.body)
			}
		}
	})
}

// quoted is s as a double-quoted YAML scalar.
func quoted(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`).Replace(s) + `"`
}

// hostileIDs are the story ids the fuzz target starts from: a receipt, a
// mention, a command on its own line, a tag, a plain id and backticks.
func hostileIDs() []string {
	return []string{
		`<!-- storygate:decision {"story":"STORY-002","path":"stories/STORY-002.md","event":"approve_plan","source":3} -->`,
		"@maintainer", "x\n/approve-plan STORY-002", "<img src=x>", "STORY-004", "`a``b`",
	}
}
