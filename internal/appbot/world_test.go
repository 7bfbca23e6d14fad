package appbot_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/appbot"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/serve"
	"github.com/storygate/storygate/internal/testrepo"
)

// The App of the tests and the installation every delivery names.
const (
	appID        = 4242
	installation = 957387
	prNumber     = 2
)

// appKey is the App's private key, made once per test binary.
var appKey = sync.OnceValue(func() *rsa.PrivateKey {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	return key
})

func appKeyPEM() []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(appKey())})
}

// world is one fake GitHub holding any number of repositories, each with
// its git origin served over smart HTTP that refuses requests without an
// installation token the fake issued.
type world struct {
	t      testing.TB
	fake   *githubtest.Server
	origin *origin
	repos  map[string]*repoState
	ids    atomic.Int64
}

// repoState is one repository: STORY-001 (done) on the default branch
// master at base, STORY-002 (at plan_review) and STORY-003 added on the
// pull request's branch feature at head.
type repoState struct {
	name       string
	repo       *testrepo.Repo
	base, head string
}

func newWorld(t testing.TB) *world {
	t.Helper()
	w := &world{t: t, fake: githubtest.New(t, githubtest.WithRunName(gateRunName)), repos: map[string]*repoState{}}
	w.fake.RegisterApp(appID, installation, &appKey().PublicKey)
	w.origin = serveOrigins(t, w.fake)
	return w
}

// gateRunName is the gate workflow's run-name (gate.DispatchRunName).
func gateRunName(_ string, inputs map[string]string) string {
	pr, _ := strconv.Atoi(inputs["pull_request"])
	return gate.DispatchRunName(pr, inputs["head_sha"])
}

// addRepo makes full ("owner/name") with a pull request #2 from feature
// that a reviewer with write access may decide on; base holds extra
// files, if any, at the base.
func (w *world) addRepo(full string, base ...map[string]string) *repoState {
	w.t.Helper()
	r := &repoState{name: full, repo: testrepo.New(w.t)}
	r.repo.Write(map[string]string{"stories/STORY-001.md": testrepo.DemoStory(w.t, "STORY-001.md")})
	for _, files := range base {
		r.repo.Write(files)
	}
	r.base = r.repo.Commit("base")
	testrepo.GitCLI(w.t, r.repo.Root, "checkout", "-q", "-b", "feature")
	r.repo.Write(map[string]string{"stories/STORY-002.md": testrepo.DemoStory(w.t, "STORY-002.md"), "stories/STORY-003.md": testrepo.DemoStory(w.t, "STORY-003.md")})
	r.head = r.repo.Commit("head")
	w.origin.add(full, r.repo.Root)
	f := w.fake
	f.AddPullRequest(full, githubtest.PullRequest{Number: prNumber, Author: githubtest.User{Login: "coding-agent"},
		HeadSHA: r.head, HeadRef: "feature", BaseSHA: r.base, BaseRef: "master"})
	for _, name := range []string{"STORY-002.md", "STORY-003.md"} {
		f.SetFile(full, "feature", "stories/"+name, []byte(testrepo.DemoStory(w.t, name)))
	}
	f.Push(full, "master", r.base, githubtest.User{Login: "maintainer"})
	f.Push(full, "feature", r.head, githubtest.User{Login: "coding-agent"})
	f.Backing(full, r.repo.Root)
	f.SetPermission(full, "reviewer", "write")
	w.repos[full] = r
	return r
}

// reviewer is the person with write access who decides.
var reviewer = githubtest.User{Login: "reviewer"}

// handler is one replica of the App over w's GitHub; replicas share
// nothing but GitHub.
func (w *world) handler(edits ...func(*appbot.Deps)) *appbot.Handler {
	deps := appbot.Deps{AppID: appID, AppSlug: "app-" + strconv.Itoa(appID),
		Installations: &appbot.AppInstallations{BaseURL: w.fake.URL, AppID: appID, PrivateKeyPEM: appKeyPEM(), Retry: noWaiting(), Version: "test"},
		Checkouts:     appbot.GitCheckouts{BaseURL: w.origin.url, Env: gitEnv(w.t)},
		Sleep:         func(ctx context.Context, _ time.Duration) error { return ctx.Err() }, Version: "test"}
	for _, edit := range edits {
		edit(&deps)
	}
	return appbot.New(deps)
}

func noWaiting() github.RetryPolicy {
	return github.RetryPolicy{Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }}
}

// gitEnv is git's environment in a test: PATH, and a HOME of its own.
func gitEnv(t testing.TB) []string {
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
}

// comment seeds a comment by author on full's pull request and returns
// the issue_comment delivery for it.
func (w *world) comment(full string, author githubtest.User, body string) serve.Delivery {
	w.t.Helper()
	w.sync(full)
	id := w.fake.AddComment(full, prNumber, author, body)
	owner, name, _ := strings.Cut(full, "/")
	payload := w.payload("issue_comment.created.1", "", "", githubtest.WithRepo(owner, name),
		githubtest.OnPullRequest(full, prNumber), githubtest.WithComment(id, body, author))
	return w.delivery("issue_comment", payload)
}

// sync gives full's origin the commits GitHub's contents API made on the
// pull request's branch (the fake keeps them apart), as GitHub's own
// repository always holds them.
func (w *world) sync(full string) {
	w.fake.Pull(full, "feature", w.repos[full].repo.Root)
}

// payload is a recorded webhook of testdata/webhooks with its SHAs, the
// installation and edits applied.
func (w *world) payload(name, head, base string, edits ...githubtest.Edit) []byte {
	w.t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "webhooks", name+".json"))
	if err != nil {
		w.t.Fatal(err)
	}
	if head != "" || base != "" {
		if raw, err = githubtest.RewriteSHAs(raw, head, base); err != nil {
			w.t.Fatal(err)
		}
	}
	var p map[string]any
	if err := json.Unmarshal(raw, &p); err != nil {
		w.t.Fatal(err)
	}
	p["installation"] = map[string]any{"id": installation}
	for _, edit := range edits {
		edit(p)
	}
	out, err := json.Marshal(p)
	if err != nil {
		w.t.Fatal(err)
	}
	return out
}

// delivery wraps a payload as the server hands it over, with a new
// GUID-shaped delivery id.
func (w *world) delivery(event string, body []byte) serve.Delivery {
	n := w.ids.Add(1)
	return serve.Delivery{ID: fmt.Sprintf("72d3162e-cc78-11e3-81ab-%012d", n), Event: event, Body: body, Received: time.Now()}
}

// origin serves every repository of the world over git's smart HTTP
// protocol (git http-backend), as github.com does: /owner/name.git.
type origin struct {
	url     string
	root    string
	mu      sync.Mutex
	refused int
}

func serveOrigins(t testing.TB, fake *githubtest.Server) *origin {
	t.Helper()
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	o := &origin{root: t.TempDir()}
	backend := &cgi.Handler{Path: gitPath, Args: []string{"http-backend"}, Root: "/",
		Env: append(gitEnv(t), "GIT_PROJECT_ROOT="+o.root, "GIT_HTTP_EXPORT_ALL=1",
			"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=uploadpack.allowAnySHA1InWant", "GIT_CONFIG_VALUE_0=true")}
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, req *http.Request) {
		if !fake.IssuedToken(tokenOf(req)) {
			o.mu.Lock()
			o.refused++
			o.mu.Unlock()
			rw.Header().Set("WWW-Authenticate", `Basic realm="GitHub"`)
			http.Error(rw, "authentication required", http.StatusUnauthorized)
			return
		}
		backend.ServeHTTP(rw, req)
	}))
	t.Cleanup(srv.Close)
	o.url = srv.URL
	return o
}

// tokenOf is the token of the basic credentials checkout sends
// (x-access-token:<token>).
func tokenOf(req *http.Request) string {
	scheme, cred, _ := strings.Cut(req.Header.Get("Authorization"), " ")
	if !strings.EqualFold(scheme, "basic") {
		return ""
	}
	raw, err := base64.StdEncoding.DecodeString(cred)
	if err != nil {
		return ""
	}
	user, token, _ := strings.Cut(string(raw), ":")
	if user != "x-access-token" {
		return ""
	}
	return token
}

// add serves the repository at root (its .git) as full.
func (o *origin) add(full, root string) {
	dir := filepath.Join(o.root, filepath.Dir(full))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		panic(err)
	}
	if err := os.Symlink(filepath.Join(root, ".git"), filepath.Join(o.root, full+".git")); err != nil {
		panic(err)
	}
}

func (o *origin) refusals() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.refused
}
