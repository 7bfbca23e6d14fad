package chatops

import (
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
)

// receiptsIn is the receipt body is, as a list of none or one.
func receiptsIn(body string) []Receipt {
	if r, ok := ParseReceipt(body); ok {
		return []Receipt{r}
	}
	return nil
}

// plainReceipt is a receipt of plain values, as storygate records them.
func plainReceipt() Receipt {
	return Receipt{Story: "STORY-001", Path: "pkg-a/stories/STORY-001.md", Event: "approve_plan", At: "plan_review", Source: 42,
		Head: strings.Repeat("a", 40), Digest: "sha256:" + strings.Repeat("0", 64), Covers: "contract + Plan v1", Commit: strings.Repeat("b", 40)}
}

// TestReceiptIsTheWholeReplyAndNothingElse: storygate's receipt reply
// reads back as its receipt, with and without the recording commit; a
// body that carries the same marker anywhere else, or the reply with
// anything added, dropped or changed, is no receipt.
func TestReceiptIsTheWholeReplyAndNothingElse(t *testing.T) {
	r := plainReceipt()
	reply := r.Reply("reviewer")
	noCommit := r
	noCommit.Commit = ""
	for _, want := range []Receipt{r, noCommit} {
		if got, ok := ParseReceipt(want.Reply("reviewer")); !ok || got != want {
			t.Errorf("storygate's reply reads back as %+v, %v; want %+v", got, ok, want)
		}
	}
	cases := map[string]string{
		"the marker alone":                    r.Marker(),
		"the marker after the reply marker":   ReplyMarker + "\n" + r.Marker(),
		"the marker inside a help reply":      ReplyMarker + "\n**What can be decided now:**\n- " + r.Marker() + " (`stories/x.md`) is at `plan_review`\n",
		"the marker in a report":              "<!-- storygate:sticky -->\n```\n" + r.Marker() + "\n```\n",
		"the reply with a line before":        "hello\n" + reply,
		"the reply with a line after":         reply + "more\n",
		"the reply without its final newline": strings.TrimSuffix(reply, "\n"),
		"the reply with CRLF line ends":       strings.ReplaceAll(reply, "\n", "\r\n"),
		"the reply naming another head":       strings.Replace(reply, "as of "+r.Head, "as of "+strings.Repeat("c", 40), 1),
		"the marker with an unknown field":    strings.Replace(reply, `{"story"`, `{"extra":1,"story"`, 1),
		"the marker with spaced JSON":         strings.Replace(reply, `{"story":`, `{"story": `, 1),
		"the marker with a key in capitals":   strings.Replace(reply, `"story":`, `"STORY":`, 1),
		"two receipts":                        reply + reply,
	}
	for name, body := range cases {
		if got, ok := ParseReceipt(body); ok {
			t.Errorf("%s: read as the receipt %+v", name, got)
		}
	}
}

// TestReceiptsHoldOnlyPlainValues: a receipt whose values an agent could
// have chosen to carry text (a story id, a path or an entry heading that
// is a marker, an @mention or HTML) is never rendered or read back as
// one, whatever its rendering; plain values are, the control.
func TestReceiptsHoldOnlyPlainValues(t *testing.T) {
	marker := plainReceipt().Marker()
	cases := []struct {
		name  string
		login string
		edit  func(*Receipt)
		want  string
	}{
		{"plain values", "reviewer", func(*Receipt) {}, ""},
		{"a story id that is a marker", "reviewer", func(r *Receipt) { r.Story = marker }, "story's id"},
		{"a story id that mentions", "reviewer", func(r *Receipt) { r.Story = "@org/team" }, "story's id"},
		{"a path that closes the comment", "reviewer", func(r *Receipt) { r.Path = "stories/a --> b.md" }, "path"},
		{"a path with a line break", "reviewer", func(r *Receipt) { r.Path = "stories/a\n/approve-plan.md" }, "path"},
		{"a path leaving the root", "reviewer", func(r *Receipt) { r.Path = "../stories/STORY-001.md" }, "path"},
		{"a heading that is a marker", "reviewer", func(r *Receipt) { r.Covers = "contract + Plan v1 " + marker }, "headed"},
		{"an event of an agent", "reviewer", func(r *Receipt) { r.Event = "submit_plan" }, "human move"},
		{"a short head", "reviewer", func(r *Receipt) { r.Head = "abc" }, "malformed"},
		{"no source", "reviewer", func(r *Receipt) { r.Source = 0 }, "malformed"},
		{"a login with a space", "a b", func(*Receipt) {}, "login"},
	}
	for _, c := range cases {
		r := plainReceipt()
		c.edit(&r)
		got := receiptProblem(c.login, r)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s: problem %q, want one naming %q", c.name, got, c.want)
		}
		if _, ok := ParseReceipt(r.Reply(c.login)); ok != (c.want == "") {
			t.Errorf("%s: the rendering reads back as a receipt: %v", c.name, ok)
		}
	}
}

func TestRecorderAuthoredIsGitHubsAuthorNotTheText(t *testing.T) {
	bot := github.User{Login: "github-actions[bot]", Type: "Bot"}
	app := github.User{Login: "storygate-acme[bot]", Type: "Bot"}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name     string
		approver config.Approvers
		c        github.Comment
		want     bool
	}{
		{"GITHUB_TOKEN by default", config.Approvers{}, github.Comment{Author: bot}, true},
		{"a user named like the bot", config.Approvers{}, github.Comment{Author: github.User{Login: "github-actions[bot]", Type: "User"}}, false},
		{"another bot", config.Approvers{}, github.Comment{Author: app}, false},
		{"the configured app", config.Approvers{Recorder: "storygate-acme[bot]", RecorderAppID: 9}, github.Comment{Author: app, App: github.App{ID: 9}}, true},
		{"the login via another app", config.Approvers{Recorder: "storygate-acme[bot]", RecorderAppID: 9}, github.Comment{Author: app, App: github.App{ID: 10}}, false},
		{"GITHUB_TOKEN when an app is configured", config.Approvers{Recorder: "storygate-acme[bot]", RecorderAppID: 9}, github.Comment{Author: bot, App: github.App{ID: 15368}}, false},
	}
	for _, c := range cases {
		c.c.CreatedAt, c.c.UpdatedAt = t0, t0
		if got := RecorderOf(c.approver).Authored(c.c); got != c.want {
			t.Errorf("%s: Authored = %v, want %v", c.name, got, c.want)
		}
	}
}

// FuzzParseReceipts: whatever a body holds, it is taken for a receipt only
// when it is exactly storygate's rendering of a receipt of plain values.
func FuzzParseReceipts(f *testing.F) {
	f.Add(plainReceipt().Reply("reviewer"))
	f.Add(plainReceipt().Marker())
	f.Add(ReplyMarker + "\n@a " + plainReceipt().Marker() + "\n")
	f.Add("<!-- storygate:decision {\"source\":1,\"story\":\"\\u003c\"} -->")
	f.Fuzz(func(t *testing.T, body string) {
		r, ok := ParseReceipt(body)
		if !ok {
			return
		}
		login, _, _ := strings.Cut(strings.TrimPrefix(body, ReplyMarker+"\n@"), " ")
		if receiptProblem(login, r) != "" || r.Reply(login) != body {
			t.Fatalf("%q was taken for the receipt %+v, which storygate renders otherwise", body, r)
		}
		if strings.Count(body, "<!--") != 2 || strings.Count(body, "-->") != 2 {
			t.Fatalf("a receipt holds a marker of its own values: %q", body)
		}
	})
}

// TestDecisionWhoseReceiptWouldNotReadBackIsRefused: a story whose id is
// a receipt's marker (or carries an @mention) cannot have a decision
// recorded, since its receipt would not be plain: the command is refused
// before anything is committed, saying what to rename, and no reply of
// storygate's reads as a receipt. The control, the story's plain id, is
// recorded.
func TestDecisionWhoseReceiptWouldNotReadBackIsRefused(t *testing.T) {
	for name, id := range map[string]string{
		"an id that is a receipt's marker": "'" + plainReceipt().Marker() + "'",
		"an id that mentions":              "'@acme/leads'",
		"a plain id":                       "",
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			if id != "" {
				f.pr.Push(agent, map[string]string{storyPath: strings.Replace(string(f.storyNow()), "id: STORY-001", "id: "+id, 1)}, "rename")
			}
			out := f.handle(f.comment(reviewer, "/approve-plan"))
			if id == "" {
				if out.Result != Applied || f.receiptOf().Story != "STORY-001" {
					t.Fatalf("the control: outcome %+v, want applied", out)
				}
				return
			}
			if out.Result != Refused || !strings.Contains(out.Reason, "not a plain story id") || len(f.commits()) != 0 {
				t.Fatalf("outcome %+v with %d commits, want refused before committing", out, len(f.commits()))
			}
			for _, c := range f.replies() {
				if _, ok := ParseReceipt(c.Body); ok {
					t.Errorf("a reply reads as a receipt:\n%s", c.Body)
				}
			}
		})
	}
}
