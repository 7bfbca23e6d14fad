package github_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// TestAnAppNeverTakesAWorkflowTokensCheckRunForItsOwn: a workflow's
// GITHUB_TOKEN posts a green check run with the name and external_id the
// App's next run will have (the key names a workflow run: no secret).
// The App's create then fails before GitHub applies it; looking for what
// the lost create made, the App must not adopt the forged run, or it
// would never post its own and the forged one would stand as storygate's.
// The control: with a token adapter (GitHub Actions' own identity, which
// the forged run shares) the same run is found, as it must be for a
// lost answer of the Action's own.
func TestAnAppNeverTakesAWorkflowTokensCheckRunForItsOwn(t *testing.T) {
	t.Parallel()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	pemKey := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	cases := []struct {
		name      string
		app       bool
		wantAdopt bool
	}{
		{"the App", true, false},
		{"a workflow token (control)", false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fake := githubtest.New(t)
			fake.RegisterApp(42, 7, &key.PublicKey)
			cfg := github.Config{BaseURL: fake.URL, Retry: quickRetry()}
			if tc.app {
				cfg.App = &github.AppAuth{AppID: 42, InstallationID: 7, PrivateKeyPEM: pemKey}
			} else {
				cfg.Token = fake.Token
			}
			a, err := github.NewAdapter(cfg)
			if err != nil {
				t.Fatal(err)
			}
			token, err := github.NewAdapter(github.Config{BaseURL: fake.URL, Token: fake.Token, Retry: quickRetry()})
			if err != nil {
				t.Fatal(err)
			}
			ctx, repo := context.Background(), github.Repo{Owner: "o", Name: "r"}
			run := github.CheckRun{Name: "storygate / stories", HeadSHA: strings.Repeat("c", 40), ExternalID: "storygate:run:99:1",
				Status: github.StatusCompleted, Conclusion: github.ConclusionSuccess, Output: github.CheckOutput{Title: "t", Summary: "s"}}
			forged, err := token.CreateCheckRun(ctx, repo, run)
			if err != nil {
				t.Fatal(err)
			}
			fake.FailNextTo("POST", "/repos/{owner}/{repo}/check-runs", 502, "bad gateway")
			id, err := a.CreateCheckRun(ctx, repo, run)
			if err != nil {
				t.Fatal(err)
			}
			if adopted := id == forged; adopted != tc.wantAdopt {
				t.Errorf("adopted the forged run: %v, want %v", adopted, tc.wantAdopt)
			}
			if tc.app && !hasRunOf(fake, 42) {
				t.Errorf("no check run of the App's own: %+v", fake.CheckRuns())
			}
		})
	}
}

func hasRunOf(fake *githubtest.Server, app int64) bool {
	for _, r := range fake.CheckRuns() {
		if r.App == app {
			return true
		}
	}
	return false
}

// quickRetry is the default retry policy without waiting.
func quickRetry() github.RetryPolicy {
	return github.RetryPolicy{Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }}
}
