package githubtest

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"sync"
	"time"
)

// User is an account in the fake.
type User struct {
	Login string
	// Type is "User" (the default) or "Bot".
	Type string
}

func (u User) json() map[string]any {
	typ := u.Type
	if typ == "" {
		typ = "User"
	}
	return map[string]any{"login": u.Login, "id": loginID(u.Login), "type": typ}
}

// loginID gives each login a stable numeric id.
func loginID(login string) int64 {
	sum := sha1.Sum([]byte(login))
	return int64(sum[0])<<16 | int64(sum[1])<<8 | int64(sum[2])
}

// Bot is the account the fake attributes writes to, as GITHUB_TOKEN would.
var Bot = User{Login: "github-actions[bot]", Type: "Bot"}

// ActionsAppID is GitHub Actions' app id: GITHUB_TOKEN's comments are
// performed via it.
const ActionsAppID = 15368

// state is everything the fake remembers. One mutex guards it all: tests
// are small and correctness matters more than contention.
type state struct {
	mu     sync.Mutex
	nextID int64
	clock  time.Time
	apps   map[int64]app
	// installationTokens maps each token issued to an app to its id.
	installationTokens map[string]int64
	checkRuns          []*CheckRun
	comments           []*Comment
	permissions        map[string]map[string]string
	teams              map[string]map[string]string
	pulls              map[string][]*PullRequest
	files              map[string]map[string]*file
	commits            map[string][]Commit
	concurrentPushes   map[string]racingPush
	issues             map[string][]*Issue
	protection         map[string]map[string]any
	dispatches         []Dispatch
	runs               []*WorkflowRun
	pushes             []*Push
	git                map[string]*gitStore
	// refs are the refs made through the git refs API, by repository and
	// full name (refs/…), with the commit each points at.
	refs map[string]map[string]string
	// artifacts are the workflow runs' uploaded artifacts (AddArtifact).
	artifacts []*artifact
}

func newState() *state {
	return &state{
		clock:              time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC),
		apps:               map[int64]app{},
		installationTokens: map[string]int64{},
		permissions:        map[string]map[string]string{},
		teams:              map[string]map[string]string{},
		pulls:              map[string][]*PullRequest{},
		files:              map[string]map[string]*file{},
		commits:            map[string][]Commit{},
		concurrentPushes:   map[string]racingPush{},
		issues:             map[string][]*Issue{},
		protection:         map[string]map[string]any{},
		git:                map[string]*gitStore{},
		refs:               map[string]map[string]string{},
	}
}

// tick advances the fake's clock a minute per change, so that times are
// deterministic and an edit is always later than a creation.
func (st *state) tick() time.Time {
	st.clock = st.clock.Add(time.Minute)
	return st.clock
}

func (st *state) id() int64 {
	st.nextID++
	return st.nextID
}

// blobSHA is git's object id for content, as GitHub reports for files.
func blobSHA(content []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(content))
	h.Write(content)
	return hex.EncodeToString(h.Sum(nil))
}

// fakeSHA makes a commit id unique to the fake's counter.
func fakeSHA(seed string, n int64) string {
	sum := sha1.Sum([]byte(fmt.Sprintf("%s#%d", seed, n)))
	return hex.EncodeToString(sum[:])
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }
