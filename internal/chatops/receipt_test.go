package chatops

import (
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
)

func TestReceiptMarkerReadsBackAndCannotEndEarly(t *testing.T) {
	r := Receipt{Story: "STORY-001", Path: "stories/a --> b.md", Event: "approve_plan", At: "plan_review", Source: 42,
		Head: strings.Repeat("a", 40), Digest: "sha256:00", Covers: "contract + Plan v1"}
	body := "text\n" + r.Marker() + "\nmore"
	if strings.Count(body, "-->") != 1 {
		t.Fatalf("the marker's values close the HTML comment: %s", r.Marker())
	}
	if got := ParseReceipts(body); len(got) != 1 || got[0] != r {
		t.Errorf("read back %+v, want %+v", got, r)
	}
	for _, bad := range []string{"<!-- storygate:decision {\"source\":0} -->", "<!-- storygate:decision {not json} -->", "storygate:decision {\"source\":1}"} {
		if got := ParseReceipts(bad); len(got) != 0 {
			t.Errorf("%q read as %+v", bad, got)
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

func FuzzParseReceipts(f *testing.F) {
	f.Add(Receipt{Story: "STORY-1", Source: 1, Head: "abc"}.Marker())
	f.Add("<!-- storygate:decision {\"source\":1,\"story\":\"\\u003c\"} -->")
	f.Fuzz(func(t *testing.T, body string) {
		for _, r := range ParseReceipts(body) {
			if r.Source == 0 {
				t.Fatalf("a receipt without a source: %+v", r)
			}
			if again := ParseReceipts(r.Marker()); len(again) != 1 || again[0] != r {
				t.Fatalf("%+v does not read back: %+v", r, again)
			}
		}
	})
}
