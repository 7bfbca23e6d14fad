package verify

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"
)

// recorder is a Progress that keeps what it heard.
type recorder struct {
	mu     sync.Mutex
	events []string
}

func (r *recorder) Start(item string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, "start "+item)
}

func (r *recorder) Done(item string, ok bool, outcome string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, fmt.Sprintf("done %s %v %s", item, ok, outcome))
}

// TestExecuteReportsEachItemStartingAndFinishing: every item is heard
// starting and then finishing, with its outcome, whatever order the jobs
// ran in.
func TestExecuteReportsEachItemStartingAndFinishing(t *testing.T) {
	t.Parallel()
	items := []Item{
		{Story: "s.md", ID: "V1", Command: "true", PassWhen: "exit_code == 0"},
		{Story: "s.md", ID: "V2", Command: "exit 3", PassWhen: "exit_code == 0"},
		{Story: "t.md", ID: "V1", Command: "true", PassWhen: "nonsense ==="},
	}
	rec := &recorder{}
	Execute(context.Background(), items, Options{Dir: t.TempDir(), Jobs: 2, Env: os.Environ(), Progress: rec})
	want := map[string]string{
		"s.md#V1": "done s.md#V1 true passed",
		"s.md#V2": "done s.md#V2 false failed (exit 3)",
		"t.md#V1": "done t.md#V1 false could not run",
	}
	if len(rec.events) != 2*len(items) {
		t.Fatalf("heard %d events, want %d: %q", len(rec.events), 2*len(items), rec.events)
	}
	for key, done := range want {
		start := slices.Index(rec.events, "start "+key)
		end := slices.Index(rec.events, done)
		if start < 0 || end < 0 || end < start {
			t.Errorf("%s: start at %d, %q at %d: %q", key, start, done, end, rec.events)
		}
	}
}
