package transition

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

func TestDecideRecordsEntryAndMove(t *testing.T) {
	src := step(t, plan(t, step(t, template(t), "begin_planning", "orchestrator")), "submit_plan", "planner")
	out, err := Decide(story.Parse("STORY-001.md", src), Decision{Event: "approve_plan", Rationale: "ok\n### Decision 9\n**Binding:** false",
		Source: "https://github.com/o/r/pull/1#issuecomment-2", By: "reviewer", Date: clock, At: clock.Add(time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	s := story.Parse("STORY-001.md", out)
	if s.Front.State.Value != "ready" || len(s.Decisions()) != 1 {
		t.Fatalf("state %s with %d decisions", s.Front.State.Value, len(s.Decisions()))
	}
	d := s.Decisions()[0]
	if f, _ := d.Field("Binding"); f.Value != "true" {
		t.Errorf("the rationale smuggled a field in: Binding %q", f.Value)
	}
	digest, _ := d.Field("Digest")
	sum, entry, ok := ParseDigest(digest.Value)
	want, _ := ContentDigest(s, "Plan v1")
	if !ok || entry != "Plan v1" || sum != want {
		t.Errorf("digest %q: parsed %q %q %v, want %s of the contract and the plan under review", digest.Value, sum, entry, ok, want)
	}
}

func TestDecideRefusesMovesThatAreNotHumanOrNotLegal(t *testing.T) {
	review := step(t, plan(t, step(t, template(t), "begin_planning", "orchestrator")), "submit_plan", "planner")
	for _, event := range []lifecycle.Event{"start_generation", "accept_result"} {
		_, err := Decide(story.Parse("STORY-001.md", review), Decision{Event: event, Date: clock, At: clock})
		var r *Refusal
		if !errors.As(err, &r) || !strings.Contains(r.Message, "legal from plan_review") {
			t.Errorf("%s: got %v, want a refusal naming the legal moves", event, err)
		}
	}
}

func TestContentDigestChangesWithTheContract(t *testing.T) {
	src := template(t)
	a, _ := ContentDigest(story.Parse("S.md", src), "")
	b, _ := ContentDigest(story.Parse("S.md", []byte(strings.Replace(string(src), "Example criterion", "Other criterion", 1))), "")
	if a == b {
		t.Error("changing an acceptance criterion left the digest unchanged")
	}
	if _, err := ContentDigest(story.Parse("S.md", src), "Plan v1"); err == nil {
		t.Error("digest of a missing plan succeeded")
	}
}
