package github_test

import (
	"context"
	"net/http"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

func TestRetriesTransientFailures(t *testing.T) {
	reset := strconv.FormatInt(fixedNow.Add(30*time.Second).Unix(), 10)
	for name, tc := range map[string]struct {
		status  int
		headers map[string]string
		message string
		want    []time.Duration
	}{
		"500 with backoff":                {500, nil, "boom", []time.Duration{time.Second, 2 * time.Second}},
		"502 honours Retry-After":         {502, map[string]string{"Retry-After": "7"}, "bad gateway", []time.Duration{7 * time.Second, 7 * time.Second}},
		"429 honours Retry-After":         {429, map[string]string{"Retry-After": "3"}, "slow down", []time.Duration{3 * time.Second, 3 * time.Second}},
		"secondary limit Retry-After":     {403, map[string]string{"Retry-After": "5"}, githubtest.SecondaryRateLimit, []time.Duration{5 * time.Second, 5 * time.Second}},
		"secondary limit no header":       {403, nil, githubtest.SecondaryRateLimit, []time.Duration{time.Minute, time.Minute}},
		"primary limit x-ratelimit-reset": {403, map[string]string{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset}, "API rate limit exceeded", []time.Duration{31 * time.Second, 31 * time.Second}},
	} {
		t.Run(name, func(t *testing.T) {
			a, fake, sl := setup(t)
			fake.AddPullRequest(repoName, githubtest.PullRequest{Number: 1, HeadSHA: "h"})
			fake.FailNext(2, tc.status, tc.headers, tc.message)
			pr, err := a.PullRequest(context.Background(), repo, 1)
			if err != nil || pr.HeadSHA != "h" {
				t.Fatalf("PullRequest = %+v, %v; want success after retries", pr, err)
			}
			if got := sl.Waits(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("waits = %v, want %v", got, tc.want)
			}
			if n := len(fake.Calls()); n != 3 {
				t.Errorf("calls = %d, want 3", n)
			}
		})
	}
}

func TestRetryReplaysTheRequestBody(t *testing.T) {
	a, fake, sl := setup(t)
	fake.FailNext(1, 503, nil, "unavailable")
	_, err := a.CreateCheckRun(context.Background(), repo, github.CheckRun{Name: "g", HeadSHA: "abc", ExternalID: "storygate/g", Conclusion: github.ConclusionNeutral})
	if err != nil {
		t.Fatal(err)
	}
	calls := fake.CallsTo("POST", "/repos/{owner}/{repo}/check-runs")
	// Before the resend, the default policy's 4 patient looks (issue 24).
	wantWaits := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second}
	if len(calls) != 2 || string(calls[0].Body) != string(calls[1].Body) || !reflect.DeepEqual(sl.Waits(), wantWaits) {
		t.Fatalf("calls = %d, waits %v; want the same body twice after waits %v", len(calls), sl.Waits(), wantWaits)
	}
	// One look per wait, then one sweep for duplicates after the resend.
	if looks := fake.CallsTo("GET", "/repos/{owner}/{repo}/commits/{ref}/check-runs"); len(looks) != len(wantWaits)+1 {
		t.Errorf("lookups = %d, want %d", len(looks), len(wantWaits)+1)
	}
	if runs := fake.CheckRuns(); len(runs) != 1 {
		t.Errorf("check runs = %d, want 1", len(runs))
	}
}

func TestRetriesAreBounded(t *testing.T) {
	a, fake, sl := setup(t)
	fake.AddPullRequest(repoName, githubtest.PullRequest{Number: 1})
	fake.FailNext(10, 500, nil, "down")
	if _, err := a.PullRequest(context.Background(), repo, 1); err == nil {
		t.Fatal("want an error after the retry budget")
	}
	if n := len(fake.Calls()); n != 5 {
		t.Errorf("calls = %d, want 5 (1 + 4 retries)", n)
	}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second}
	if got := sl.Waits(); !reflect.DeepEqual(got, want) {
		t.Errorf("waits = %v, want %v", got, want)
	}
}

func TestNoRetryOnRefusalsOrOverlongWaits(t *testing.T) {
	for name, tc := range map[string]struct {
		status  int
		headers map[string]string
		message string
	}{
		"plain 403":           {403, nil, "Resource not accessible by integration"},
		"422":                 {422, nil, "Validation Failed"},
		"Retry-After too far": {429, map[string]string{"Retry-After": "3600"}, "later"},
	} {
		t.Run(name, func(t *testing.T) {
			a, fake, sl := setup(t)
			fake.AddPullRequest(repoName, githubtest.PullRequest{Number: 1})
			fake.FailNext(1, tc.status, tc.headers, tc.message)
			if _, err := a.PullRequest(context.Background(), repo, 1); err == nil {
				t.Fatal("want the error")
			}
			if n, w := len(fake.Calls()), len(sl.Waits()); n != 1 || w != 0 {
				t.Errorf("calls = %d, waits = %d; want 1 and 0", n, w)
			}
		})
	}
}

func TestRetryStopsWhenContextEnds(t *testing.T) {
	fake := githubtest.New(t)
	fake.FailNext(3, http.StatusBadGateway, nil, "x")
	ctx, cancel := context.WithCancel(context.Background())
	sleep := func(ctx context.Context, _ time.Duration) error { cancel(); return ctx.Err() }
	a, err := github.NewAdapter(github.Config{BaseURL: fake.URL, Token: fake.Token, Retry: github.RetryPolicy{Sleep: sleep}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.PullRequest(ctx, repo, 1); err == nil {
		t.Fatal("want the context's error")
	}
	if n := len(fake.Calls()); n != 1 {
		t.Errorf("calls = %d, want 1", n)
	}
}
