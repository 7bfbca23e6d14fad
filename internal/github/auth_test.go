package github_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
)

func TestAppAuthExchangesAJWTForAnInstallationToken(t *testing.T) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	pemKey := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	fake := githubtest.New(t)
	fake.RegisterApp(42, 7, &key.PublicKey)
	fake.SetPermission(repoName, "alice", "write")
	a, err := github.NewAdapter(github.Config{BaseURL: fake.URL, App: &github.AppAuth{AppID: 42, InstallationID: 7, PrivateKeyPEM: pemKey}})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if p, err := a.Permission(context.Background(), repo, "alice"); err != nil || p != github.PermissionWrite {
			t.Fatalf("Permission = %v, %v", p, err)
		}
	}
	if n := fake.InstallationTokensIssued(); n != 1 {
		t.Errorf("tokens issued = %d, want 1 (cached)", n)
	}
	calls := fake.Calls()
	if len(calls) != 3 || calls[0].Route != "/app/installations/{installation_id}/access_tokens" || !strings.HasPrefix(calls[1].Authorization, "token ghs_fake") {
		t.Errorf("calls = %+v", calls)
	}
}

func TestAppAuthWithAnotherKeyIsRefused(t *testing.T) {
	registered, _ := rsa.GenerateKey(rand.Reader, 2048)
	other, _ := rsa.GenerateKey(rand.Reader, 2048)
	fake := githubtest.New(t)
	fake.RegisterApp(42, 7, &registered.PublicKey)
	pemKey := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(other)})
	a, err := github.NewAdapter(github.Config{BaseURL: fake.URL, App: &github.AppAuth{AppID: 42, InstallationID: 7, PrivateKeyPEM: pemKey}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Permission(context.Background(), repo, "alice"); err == nil {
		t.Fatal("want an error: the fake must refuse a JWT signed with the wrong key")
	}
}

func TestNewAdapterValidatesConfig(t *testing.T) {
	for name, cfg := range map[string]github.Config{
		"no credentials":   {},
		"both":             {Token: "t", App: &github.AppAuth{AppID: 1, InstallationID: 2, PrivateKeyPEM: []byte("k")}},
		"incomplete app":   {App: &github.AppAuth{AppID: 1}},
		"garbage key":      {App: &github.AppAuth{AppID: 1, InstallationID: 2, PrivateKeyPEM: []byte("not a key")}},
		"relative baseURL": {Token: "t", BaseURL: "api/v3"},
	} {
		if _, err := github.NewAdapter(cfg); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{"GITHUB_API_URL": "https://ghes.example.com/api/v3", "GITHUB_TOKEN": "tok"}
	cfg := github.ConfigFromEnv(func(k string) string { return env[k] })
	if cfg.BaseURL != env["GITHUB_API_URL"] || cfg.Token != "tok" {
		t.Errorf("cfg = %+v", cfg)
	}
}

// A GHES-style root with a path prefix is kept, not rewritten.
func TestBaseURLPathIsKept(t *testing.T) {
	fake := githubtest.New(t, githubtest.WithPathPrefix("/api/v3"))
	a, err := github.NewAdapter(github.Config{BaseURL: strings.TrimSuffix(fake.URL, "/"), Token: fake.Token})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Permission(context.Background(), repo, "x"); err != nil {
		t.Fatal(err)
	}
	if calls := fake.Calls(); len(calls) != 1 || !strings.HasPrefix(calls[0].Path, "/api/v3/repos/") {
		t.Errorf("calls = %+v, want one under /api/v3", calls)
	}
}

// appAdapter is an adapter authenticating as the fake's GitHub App 42.
func appAdapter(t *testing.T, fake *githubtest.Server) *github.Adapter {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	fake.RegisterApp(42, 7, &key.PublicKey)
	pemKey := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	a, err := github.NewAdapter(github.Config{BaseURL: fake.URL, App: &github.AppAuth{AppID: 42, InstallationID: 7, PrivateKeyPEM: pemKey}})
	if err != nil {
		t.Fatal(err)
	}
	return a
}
