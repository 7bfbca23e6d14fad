package chatops

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/story"
)

// TestAllowAuthorLetsThePRAuthorDecide: the PR's author (an admin here)
// is refused by default and passes the gate with approvers.allow_author;
// the option comes from the base's policy only (a head that turns it on
// changes nothing), and it never lets a configured agent account decide.
func TestAllowAuthorLetsThePRAuthorDecide(t *testing.T) {
	on := func() *config.Config {
		c := config.Default()
		c.Approvers.AllowAuthor = true
		return c
	}
	cases := []struct {
		name           string
		checkout, base *config.Config
		deny           bool
		applied        bool
		reason         string
	}{
		{name: "default", checkout: config.Default(), base: config.Default(), reason: "opened this pull request"},
		{name: "allow_author on", checkout: config.Default(), base: on(), applied: true},
		{name: "on in the head only", checkout: on(), base: config.Default(), reason: "opened this pull request"},
		{name: "on, author an agent account", checkout: config.Default(), base: on(), deny: true, reason: "configured agent account"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			f.cfg, f.policy = c.checkout, c.base
			if c.deny {
				f.policy.Approvers.Deny = []string{agent.Login}
			}
			out := f.handle(f.comment(agent, "/approve-plan mine, and I read it"))
			if c.applied {
				if out.Result != Applied {
					t.Fatalf("outcome %+v, want applied", out)
				}
				if s := story.Parse(storyPath, f.storyNow()); s.Front.State.Value != "ready" {
					t.Errorf("state %s, want ready", s.Front.State.Value)
				}
				return
			}
			if out.Result != Refused || !strings.Contains(out.Reason, c.reason) {
				t.Fatalf("outcome %+v, want refused with %q", out, c.reason)
			}
		})
	}
}
