package githubtest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestAppliedLateAppliesAfterTheClientGivesUp: the client's attempt
// times out with nothing made; what it sent is there by the client's next
// request is served, and a lag keeps it out of exactly that many list reads. The
// control sends the same create without a fault.
func TestAppliedLateAppliesAfterTheClientGivesUp(t *testing.T) {
	for _, tc := range []struct {
		name     string
		late     bool
		lag      int
		wantSeen []int // comments each list read shows, in order
	}{
		{name: "control", wantSeen: []int{1, 1}},
		{name: "applied late", late: true, wantSeen: []int{1, 1}},
		{name: "applied late, listed 2 reads later", late: true, lag: 2, wantSeen: []int{0, 0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := New(t)
			// The first request loads GitHub's description: not under the timeout.
			if _, err := do(context.Background(), fake, "GET", "/repos/o/r/issues/2/comments", ""); err != nil {
				t.Fatal(err)
			}
			if tc.late {
				fake.InjectAppliedLate("POST", "/repos/{owner}/{repo}/issues/{issue_number}/comments", tc.lag)
			}
			// The late request is held until the client gives up, so its
			// limit only says how long the test waits; the control's answer
			// must never race a short one on a loaded machine.
			limit := time.Minute
			if tc.late {
				limit = 150 * time.Millisecond
			}
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			defer cancel()
			_, err := do(ctx, fake, "POST", "/repos/o/r/issues/1/comments", `{"body":"hi"}`)
			if timedOut := errors.Is(err, context.DeadlineExceeded); timedOut != tc.late {
				t.Fatalf("err = %v; want a timeout %v", err, tc.late)
			}
			for i, want := range tc.wantSeen {
				body, err := do(context.Background(), fake, "GET", "/repos/o/r/issues/1/comments", "")
				if err != nil {
					t.Fatal(err)
				}
				var listed []map[string]any
				if err := json.Unmarshal(body, &listed); err != nil {
					t.Fatal(err)
				}
				if len(listed) != want {
					t.Errorf("list read %d shows %d comments, want %d", i+1, len(listed), want)
				}
			}
			if n := len(fake.Comments("o/r", 1)); n != 1 {
				t.Errorf("%d comments, want the create applied once", n)
			}
		})
	}
}

// do sends one request and returns the answer's body.
func do(ctx context.Context, s *Server, method, path, body string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(s.URL, "/")+path, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "token "+s.Token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
