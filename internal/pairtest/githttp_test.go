package pairtest

import (
	"encoding/base64"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// gitHTTP serves the origin over git's smart HTTP protocol through git
// http-backend, as github.com does, and answers 401 to every request that
// does not carry the job's token the way checkout and the shipped fetch
// steps send it: AUTHORIZATION: basic base64("x-access-token:" + token).
// So a fetch step that does not really authenticate fails.
type gitHTTP struct {
	url    string
	header string
	mu     sync.Mutex
	// refused counts requests without the header.
	refused int
}

// serveOrigin starts the server for the bare repository at dir, for the
// fake GitHub's token.
func serveOrigin(t *testing.T, dir, home, token string) *gitHTTP {
	t.Helper()
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	g := &gitHTTP{header: basicAuth(token)}
	backend := &cgi.Handler{Path: gitPath, Args: []string{"http-backend"}, Root: "/",
		Env: append(gitEnv(home), "GIT_PROJECT_ROOT="+filepath.Dir(dir), "GIT_HTTP_EXPORT_ALL=1")}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Header.Get("Authorization") != g.header {
			g.mu.Lock()
			g.refused++
			g.mu.Unlock()
			w.Header().Set("WWW-Authenticate", `Basic realm="GitHub"`)
			http.Error(w, "authentication required", http.StatusUnauthorized)
			return
		}
		backend.ServeHTTP(w, req)
	}))
	t.Cleanup(srv.Close)
	g.url = srv.URL + "/" + filepath.Base(dir)
	return g
}

// basicAuth is the Authorization header's value checkout and the shipped
// steps send.
func basicAuth(token string) string {
	return "basic " + base64.StdEncoding.EncodeToString([]byte("x-access-token:"+token))
}

// withToken is git's environment with the header in GIT_CONFIG_*
// variables, as checkout passes it while it fetches.
func (g *gitHTTP) withToken(env []string) []string {
	return append(env, "GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=http.extraheader", "GIT_CONFIG_VALUE_0=AUTHORIZATION: "+g.header)
}

// refusals is how many requests came without the token.
func (g *gitHTTP) refusals() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.refused
}
