package appbot_test

import (
	"context"
	"sync"
	"testing"

	"github.com/storygate/storygate/internal/serve"
)

// TestAReplayedDeliveryIsADuplicateAndWritesNothing: the same delivery
// handled again (a replay of a captured delivery, or GitHub's redelivery
// of one that succeeded) finds its claim on GitHub and writes nothing.
// Its honest control: the same comment in a new delivery is acted on
// (here, answered as a decision already recorded, without a second
// receipt).
func TestAReplayedDeliveryIsADuplicateAndWritesNothing(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addRepo(hello)
	d := w.comment(hello, reviewer, "/approve-plan STORY-002 the plan maps errors to fields")
	if out, err := w.handler().Handle(context.Background(), d); err != nil || out != serve.Handled {
		t.Fatalf("first delivery: %s, %v", out, err)
	}
	w.fake.ResetCalls()
	out, err := w.handler().Handle(context.Background(), d)
	if err != nil || out != serve.Duplicate {
		t.Fatalf("replay: got %s, %v; want duplicate", out, err)
	}
	for _, c := range w.fake.Calls() {
		if c.Method != "GET" && c.Route != "/app/installations/{installation_id}/access_tokens" && c.Route != "/repos/{owner}/{repo}/git/refs" {
			t.Errorf("the replay wrote %s %s", c.Method, c.Route)
		}
	}
	if n := len(appReceipts(t, w, hello)); n != 1 {
		t.Errorf("%d receipts after the replay, want 1", n)
	}
	w.sync(hello)
	again := d
	again.ID = "72d3162e-cc78-11e3-81ab-999999999999"
	if out, err := w.handler().Handle(context.Background(), again); err != nil || out != serve.Handled {
		t.Fatalf("a new delivery of the same comment: %s, %v; want handled", out, err)
	}
	if n := len(appReceipts(t, w, hello)); n != 1 {
		t.Errorf("%d receipts after a new delivery of the same comment, want 1", n)
	}
}

// TestTwoReplicasActOnADeliveryOnce: two handlers that share nothing but
// GitHub receive the same delivery at once. The fake holds the first
// claim request until the second replica's has been answered, and in the
// next round the other way round; the last rounds race freely. Exactly
// one acts and the other answers Duplicate, leaving one receipt, one
// reaction and one dispatch.
func TestTwoReplicasActOnADeliveryOnce(t *testing.T) {
	t.Parallel()
	rounds := 6
	if testing.Short() {
		rounds = 2
	}
	for round := range rounds {
		w := newWorld(t)
		w.addRepo(hello)
		d := w.comment(hello, reviewer, "/approve-plan STORY-002 the plan maps errors to fields")
		raceReplicas(t, w, d, round, round < rounds-2)
		if n := len(appReceipts(t, w, hello)); n != 1 {
			t.Errorf("round %d: %d receipts", round, n)
		}
		if got := w.fake.Comments(hello, prNumber)[0].Reactions; len(got) != 1 {
			t.Errorf("round %d: reactions %v", round, got)
		}
		if n := len(w.fake.Dispatches()); n != 1 {
			t.Errorf("round %d: %d dispatches", round, n)
		}
	}
}

// raceReplicas hands d to two fresh replicas at once and fails unless
// exactly one acts and the other answers Duplicate. With held, the fake
// holds the claim of replica round%2 until the other's was answered (so
// successive rounds alternate the winner); without, they race freely.
func raceReplicas(t *testing.T, w *world, d serve.Delivery, round int, held bool) {
	t.Helper()
	replicas := [2]*handlerAndOutcome{{h: w.handler()}, {h: w.handler()}}
	first, second := replicas[round%2], replicas[1-round%2]
	var wg sync.WaitGroup
	wg.Add(1)
	if held {
		pause := w.fake.PauseNext("POST", "/repos/{owner}/{repo}/git/refs")
		go func() { defer wg.Done(); first.handle(d) }()
		<-pause.Arrived()
		second.handle(d) // claims while the first replica's claim is held
		pause.Release()
	} else {
		go func() { defer wg.Done(); first.handle(d) }()
		second.handle(d)
	}
	wg.Wait()
	outs := map[serve.Outcome]int{}
	for _, r := range replicas {
		if r.err != nil {
			t.Fatalf("round %d: %v", round, r.err)
		}
		outs[r.out]++
	}
	if outs[serve.Handled] != 1 || outs[serve.Duplicate] != 1 {
		t.Fatalf("round %d: outcomes %v, want one handled and one duplicate", round, outs)
	}
}

type handlerAndOutcome struct {
	h interface {
		Handle(context.Context, serve.Delivery) (serve.Outcome, error)
	}
	out serve.Outcome
	err error
}

func (r *handlerAndOutcome) handle(d serve.Delivery) {
	r.out, r.err = r.h.Handle(context.Background(), d)
}

// TestAFailedDeliveryCanBeRedelivered: when the claim's answer is lost
// after GitHub made the ref (a 502 after applying), or acting fails after
// the claim, the delivery fails and its claim is gone, so GitHub's
// redelivery of the same id acts (the control: a delivery that succeeded
// is a Duplicate, TestAReplayedDeliveryIsADuplicateAndWritesNothing).
func TestAFailedDeliveryCanBeRedelivered(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		method string
		route  string
	}{
		{"the claim's answer lost", "POST", "/repos/{owner}/{repo}/git/refs"},
		{"the receipt's create refused", "POST", "/repos/{owner}/{repo}/issues/{issue_number}/comments"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			w.addRepo(hello)
			d := w.comment(hello, reviewer, "/approve-plan STORY-002 the plan maps errors to fields")
			if tc.route == "/repos/{owner}/{repo}/git/refs" {
				w.fake.LoseNextResponse(tc.method, tc.route)
			} else {
				w.fake.FailNextTo(tc.method, tc.route, 403, "Resource not accessible by integration")
			}
			if out, err := w.handler().Handle(context.Background(), d); out != serve.Failed || err == nil {
				t.Fatalf("got %s, %v; want a failure", out, err)
			}
			if refs := w.fake.Refs(hello, "refs/storygate/"); len(refs) != 0 {
				t.Fatalf("the failed delivery left its claim: %v", refs)
			}
			w.sync(hello)
			if out, err := w.handler().Handle(context.Background(), d); err != nil || out != serve.Handled {
				t.Fatalf("redelivery: %s, %v", out, err)
			}
			if n := len(appReceipts(t, w, hello)); n != 1 {
				t.Errorf("%d receipts after the redelivery, want 1", n)
			}
		})
	}
}
