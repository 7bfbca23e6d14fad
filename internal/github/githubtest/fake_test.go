package githubtest

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/storygate/storygate/internal/github"
)

// spyT captures what the fake reports instead of failing the test.
type spyT struct {
	*testing.T
	mu     sync.Mutex
	errors []string
}

func (s *spyT) Errorf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errors = append(s.errors, fmt.Sprintf(format, args...))
}

func (s *spyT) reported() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.errors...)
}

func send(t *testing.T, s *Server, method, path, body string) int {
	t.Helper()
	req, err := http.NewRequest(method, strings.TrimSuffix(s.URL, "/")+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "token "+s.Token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestFakeRejectsRequestsTheDescriptionDoesNotAllow(t *testing.T) {
	for name, tc := range map[string]struct{ method, path, body string }{
		"unknown path":             {"GET", "/repos/o/r/no-such-thing", ""},
		"method not in the API":    {"DELETE", "/repos/o/r/check-runs", ""},
		"bad conclusion":           {"POST", "/repos/o/r/check-runs", `{"name":"g","head_sha":"a","conclusion":"great"}`},
		"missing head_sha":         {"POST", "/repos/o/r/check-runs", `{"name":"g"}`},
		"51 annotations at once":   {"PATCH", "/repos/o/r/check-runs/1", fiftyOneAnnotations()},
		"unknown reaction":         {"POST", "/repos/o/r/issues/comments/1/reactions", `{"content":"thumbs"}`},
		"comment without body":     {"POST", "/repos/o/r/issues/1/comments", `{}`},
		"per_page not a number":    {"GET", "/repos/o/r/issues?per_page=lots", ""},
		"issue state not allowed":  {"PATCH", "/repos/o/r/issues/1", `{"state":"deleted"}`},
		"contents put without msg": {"PUT", "/repos/o/r/contents/a/b.md", `{"content":"eA=="}`},
	} {
		t.Run(name, func(t *testing.T) {
			spy := &spyT{T: t}
			fake := New(spy)
			if status := send(t, fake, tc.method, tc.path, tc.body); status != http.StatusBadRequest {
				t.Errorf("status = %d, want 400", status)
			}
			if len(spy.reported()) != 1 {
				t.Errorf("fake reported %q, want one failure", spy.reported())
			}
			calls := fake.Calls()
			if len(calls) != 1 || calls[0].Rejected == "" {
				t.Errorf("calls = %+v, want one rejected call", calls)
			}
		})
	}
}

func fiftyOneAnnotations() string {
	var as []string
	for i := range 51 {
		as = append(as, fmt.Sprintf(`{"path":"a","start_line":%d,"end_line":%d,"annotation_level":"notice","message":"m"}`, i+1, i+1))
	}
	return `{"name":"g","output":{"title":"t","summary":"s","annotations":[` + strings.Join(as, ",") + `]}}`
}

func TestFakeAcceptsAValidRequestAndRecordsIt(t *testing.T) {
	spy := &spyT{T: t}
	fake := New(spy)
	if status := send(t, fake, "POST", "/repos/o/r/check-runs", `{"name":"g","head_sha":"abc","conclusion":"neutral"}`); status != http.StatusCreated {
		t.Fatalf("status = %d, want 201", status)
	}
	if r := spy.reported(); len(r) != 0 {
		t.Fatalf("fake reported %q", r)
	}
	c := fake.Calls()[0]
	if c.Route != "/repos/{owner}/{repo}/check-runs" || c.Status != http.StatusCreated || c.JSON()["name"] != "g" {
		t.Errorf("call = %+v", c)
	}
}

func TestFakeRequiresCredentials(t *testing.T) {
	fake := New(t)
	fake.AddPullRequest("o/r", PullRequest{Number: 1})
	if status := send(t, fake, "GET", "/repos/o/r/pulls/1", ""); status != http.StatusOK {
		t.Fatalf("with the token: status = %d, want 200", status)
	}
	fake.Token = "rotated"
	req, _ := http.NewRequest("GET", fake.URL+"repos/o/r/pulls/1", nil)
	req.Header.Set("Authorization", "token test-token")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if status := resp.StatusCode; status != http.StatusUnauthorized {
		t.Errorf("status = %d, want 401", status)
	}
}

func TestRoutesAreInTheDescription(t *testing.T) {
	r, err := sharedRouter()
	if err != nil {
		t.Fatal(err)
	}
	for key := range routes {
		method, path, _ := strings.Cut(key, " ")
		concrete := strings.NewReplacer("{path*}", "a/b.md", "{ref*}", "storygate/deliveries/x", "{owner}", "o", "{repo}", "r").Replace(path)
		for _, p := range []string{"{check_run_id}", "{issue_number}", "{comment_id}", "{pull_number}", "{installation_id}", "{run_id}", "{artifact_id}"} {
			concrete = strings.ReplaceAll(concrete, p, "1")
		}
		concrete = strings.NewReplacer("{username}", "u", "{org}", "o", "{team_slug}", "t", "{branch}", "main", "{archive_format}", "zip").Replace(concrete)
		req, _ := http.NewRequest(method, "http://fake"+concrete, nil)
		route, _, err := r.FindRoute(req)
		if err != nil || route.Path != path {
			t.Errorf("%s: routed to %v, %v", key, route, err)
		}
	}
}

func TestPaginationFollowsGitHub(t *testing.T) {
	fake := New(t)
	for i := range 5 {
		fake.AddComment("o/r", 1, User{Login: "u"}, fmt.Sprint(i))
	}
	req, _ := http.NewRequest("GET", fake.URL+"repos/o/r/issues/1/comments?per_page=2&page=2", nil)
	req.Header.Set("Authorization", "token "+fake.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	link := resp.Header.Get("Link")
	if !strings.Contains(link, `?page=3&per_page=2>; rel="next"`) || !strings.Contains(link, `?page=3&per_page=2>; rel="last"`) {
		t.Errorf("Link = %q", link)
	}
}

// TestMoveBaseIsWhatTheAPIThenSays: after the base branch moves, the pull
// request's base.sha is the new tip; an unknown pull request is reported.
func TestMoveBaseIsWhatTheAPIThenSays(t *testing.T) {
	fake := New(t)
	fake.AddPullRequest("o/r", PullRequest{Number: 1, BaseSHA: "old"})
	if !fake.MoveBase("o/r", 1, "new") || fake.MoveBase("o/r", 2, "new") {
		t.Fatal("MoveBase must find pull request 1 and only it")
	}
	pr, err := fake.Adapter().PullRequest(context.Background(), github.Repo{Owner: "o", Name: "r"}, 1)
	if err != nil || pr.BaseSHA != "new" {
		t.Errorf("base.sha = %q (%v), want new", pr.BaseSHA, err)
	}
}
