package githubtest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"sync"

	"github.com/storygate/storygate/internal/github"
)

// appKey is the private key of every App a test registers with
// RegisterTestApp, made once per test binary: RSA key generation is slow
// on a loaded machine.
var appKey = sync.OnceValue(func() *rsa.PrivateKey {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic("githubtest: generate an App key: " + err.Error())
	}
	return key
})

// AppKeyPEM is the private key of the Apps RegisterTestApp registers, as
// GitHub issues it (what storygate's private-key input holds).
func AppKeyPEM() []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(appKey())})
}

// RegisterTestApp registers the App appID for installationID with
// AppKeyPEM's key; it posts as AppBot(appID).
func (s *Server) RegisterTestApp(appID, installationID int64) {
	s.RegisterApp(appID, installationID, &appKey().PublicKey)
}

// AppAdapter registers the App appID (RegisterTestApp) and returns
// storygate's adapter authenticating as its installation installationID,
// with retry, a zero policy taking the defaults.
func (s *Server) AppAdapter(appID, installationID int64, retry github.RetryPolicy) *github.Adapter {
	s.RegisterTestApp(appID, installationID)
	a, err := github.NewAdapter(github.Config{BaseURL: s.URL, Retry: retry,
		App: &github.AppAuth{AppID: appID, InstallationID: installationID, PrivateKeyPEM: AppKeyPEM()}})
	if err != nil {
		s.t.Fatalf("App adapter for the fake GitHub: %v", err)
	}
	return a
}
