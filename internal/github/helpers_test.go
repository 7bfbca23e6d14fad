package github_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

var repo = github.Repo{Owner: "octo", Name: "demo"}

const repoName = "octo/demo"

// sleeper records the waits the retry policy asks for instead of waiting.
type sleeper struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (s *sleeper) Sleep(_ context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.waits = append(s.waits, d)
	return nil
}

func (s *sleeper) Waits() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.waits...)
}

// fixedNow is the clock the retry policy sees in tests.
var fixedNow = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// setup starts a fake and an adapter that authenticates with its token.
func setup(t *testing.T) (*github.Adapter, *githubtest.Server, *sleeper) {
	t.Helper()
	fake := githubtest.New(t)
	sl := &sleeper{}
	a, err := github.NewAdapter(github.Config{
		BaseURL: fake.URL,
		Token:   fake.Token,
		Retry:   github.RetryPolicy{Sleep: sl.Sleep, Now: func() time.Time { return fixedNow }},
	})
	if err != nil {
		t.Fatal(err)
	}
	return a, fake, sl
}

func must[V any](t *testing.T) func(V, error) V {
	return func(v V, err error) V {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}
