// Package githubtest is an in-memory GitHub for tests: an httptest server
// that validates every request against GitHub's OpenAPI description (the
// subset in testdata/), records every call, and keeps enough state (check
// runs, comments, reactions, collaborators, teams, pull requests, files on
// branches, a git history of its own, issues, branch protection, workflow
// runs) to behave like the real service for the operations storygate uses.
package githubtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
)

// T is the part of testing.TB the fake needs: *testing.T satisfies it. A
// request GitHub's description does not allow is reported through Errorf,
// which fails the test.
type T interface {
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// Call is one recorded request.
type Call struct {
	Method string
	// Path is the request path, e.g. /repos/o/r/check-runs.
	Path  string
	Query url.Values
	// Route is the operation's path template, e.g. /repos/{owner}/{repo}/check-runs;
	// empty when the request was rejected before routing.
	Route string
	Body  []byte
	// Status is the HTTP status the fake answered.
	Status int
	// Rejected says why the description does not allow the request.
	Rejected string
	// Authorization is the request's Authorization header.
	Authorization string
}

// JSON decodes the call's body into a generic value, for assertions.
func (c Call) JSON() map[string]any {
	var v map[string]any
	_ = json.Unmarshal(c.Body, &v)
	return v
}

// Server is the fake GitHub. Its zero value is not usable; call New.
type Server struct {
	// URL is the API root to pass as the adapter's base URL.
	URL string
	// Token is the token requests must carry (Authorization: token … or
	// Bearer …), besides installation tokens the fake issues to apps.
	Token string

	t      T
	prefix string
	srv    *httptest.Server
	mu     sync.Mutex
	calls  []Call
	faults []fault
	// injected are the pending transport faults (Inject).
	injected []injected
	// pauses are the requests to hold when they arrive (PauseNext).
	pauses []*Pause
	// closing ends hanging requests when the test ends.
	closing chan struct{}
	// late is held by an AppliedLate request until it is applied; every
	// other request waits for it (awaitLate).
	late sync.RWMutex
	// unseen counts, per kind and key, the list reads that still miss
	// what a late create made (InjectAppliedLate).
	unseen map[string]int
	st     *state
	// tokenUser, when set, is the person the server's token belongs to
	// (WithTokenUser).
	tokenUser *User
	// runName names the runs dispatches start (WithRunName); nil names
	// them after the workflow.
	runName func(workflow string, inputs map[string]string) string
	// listLag is how many workflow-run lists leave out each run a
	// dispatch starts (DelayRunListing).
	listLag int
	// blobs serves artifact archives apart from the API, as GitHub's
	// storage does behind the download's redirect (started on first use).
	blobsOnce sync.Once
	blobs     *httptest.Server
}

// Option configures a Server.
type Option func(*Server)

// WithPathPrefix serves the API under prefix, as GitHub Enterprise Server
// does under /api/v3; requests outside it are rejected.
func WithPathPrefix(prefix string) Option {
	return func(s *Server) { s.prefix = "/" + strings.Trim(prefix, "/") }
}

// New starts a fake GitHub that is closed when the test ends.
func New(t T, opts ...Option) *Server {
	s := &Server{t: t, Token: "test-token", st: newState(), closing: make(chan struct{}), unseen: map[string]int{}}
	for _, opt := range opts {
		opt(s)
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL + s.prefix + "/"
	t.Cleanup(s.srv.Close)
	// Cleanups run last first: hanging handlers return before Close waits.
	t.Cleanup(func() { close(s.closing) })
	return s
}

// Calls returns every request so far, in order.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// CallsTo returns the calls to one operation, e.g.
// CallsTo("PATCH", "/repos/{owner}/{repo}/check-runs/{check_run_id}").
func (s *Server) CallsTo(method, route string) []Call {
	var out []Call
	for _, c := range s.Calls() {
		if c.Method == method && c.Route == route {
			out = append(out, c)
		}
	}
	return out
}

// ResetCalls forgets the recorded calls, e.g. after seeding through the API.
func (s *Server) ResetCalls() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = nil
}

// serve records, validates, authenticates, injects faults, then answers.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.awaitLate()
	body, _ := io.ReadAll(r.Body)
	call := Call{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Body: body, Authorization: r.Header.Get("Authorization")}
	// The answer is buffered so the call is recorded before the client can
	// see the response and look at Calls.
	rec := httptest.NewRecorder()
	answered, recorded := true, false
	defer func() {
		switch {
		case !answered && !recorded:
			s.record(call, 0)
		case answered:
			s.record(call, rec.Code)
		}
		if !answered {
			reset(w)
			return
		}
		flush(w, rec)
	}()
	v, err := s.validate(r, body)
	if err != nil {
		call.Rejected = err.Error()
		s.t.Errorf("fake GitHub: %s %s is not allowed by GitHub's OpenAPI description: %v", r.Method, r.URL, err)
		writeError(rec, http.StatusBadRequest, "request not allowed by GitHub's OpenAPI description: "+err.Error())
		return
	}
	call.Route = v.route.Path
	if !s.authorized(r, v.route.Path) {
		writeError(rec, http.StatusUnauthorized, "Bad credentials")
		return
	}
	if f, ok := s.nextFault(); ok {
		f.write(rec)
		return
	}
	s.holdIfPaused(r.Method, v.route.Path)
	in := s.takeFault(r.Method, v.route.Path)
	if in.answer != nil {
		in.answer.write(rec)
		return
	}
	req := &request{Request: r, body: body, params: v.params, route: v.route.Path}
	if in.fault == Hang || in.fault == AppliedLate || in.fault == AppliedThenHang {
		if in.fault == AppliedThenHang {
			s.dispatch(httptest.NewRecorder(), req)
		}
		// Recorded on arrival: the test may look before the client gives up.
		s.record(call, 0)
		answered, recorded = false, true
		if in.fault == AppliedLate {
			s.applyLate(req, in.lag)
			return
		}
		s.hang(r)
		return
	}
	answered = s.answer(rec, in.fault, req)
}

// answer dispatches the request under fault (Reset, Unapplied500,
// AppliedThen5xx, AppliedThenReset or none) and reports whether an answer is to be sent.
func (s *Server) answer(rec *httptest.ResponseRecorder, f Fault, req *request) bool {
	switch f {
	case Reset:
		return false
	case Unapplied500:
		fault{status: http.StatusInternalServerError, message: "Server Error"}.write(rec)
	case AppliedThen5xx:
		s.dispatch(httptest.NewRecorder(), req)
		fault{status: http.StatusBadGateway, headers: map[string]string{"Retry-After": "0"}, message: "Bad Gateway"}.write(rec)
	case AppliedThenReset:
		s.dispatch(httptest.NewRecorder(), req)
		return false
	default:
		s.dispatch(rec, req)
	}
	return true
}

// validate strips the path prefix, then checks the request against the
// description.
func (s *Server) validate(r *http.Request, body []byte) (validated, error) {
	if s.prefix != "" {
		rest, ok := strings.CutPrefix(r.URL.Path, s.prefix)
		if !ok {
			return validated{}, fmt.Errorf("path %s is outside the API root %s", r.URL.Path, s.prefix)
		}
		r.URL.Path, r.URL.RawPath = rest, ""
	}
	return validate(r, body)
}

func (s *Server) record(c Call, status int) {
	c.Route = unwildcard(c.Route)
	c.Status = status
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, c)
}

// flush copies a buffered answer to the client.
func flush(w http.ResponseWriter, rec *httptest.ResponseRecorder) {
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

// request is an allowed request with its route and path parameters.
type request struct {
	*http.Request
	body   []byte
	params map[string]string
	route  string
}

// repo returns "owner/repo" from the path.
func (r *request) repo() string { return r.params["owner"] + "/" + r.params["repo"] }

// decode reads the JSON body into v.
func (r *request) decode(v any) error {
	if err := json.Unmarshal(r.body, v); err != nil {
		return fmt.Errorf("decode %s body: %w", r.route, err)
	}
	return nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	_ = json.NewEncoder(&buf).Encode(v)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// writeError answers the way GitHub does: a message and a docs link.
func writeError(w http.ResponseWriter, status int, message string) {
	writeJSON(w, status, map[string]any{"message": message, "documentation_url": "https://docs.github.com/rest"})
}
