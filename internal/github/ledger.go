package github

import (
	"context"
	"fmt"
	"time"
)

// Ledger reads what GitHub itself recorded, which no pusher can write: who
// posted each comment of a pull request and through which app, and when each
// push moved a branch. Decisions are bound to these records, not to text in
// the repository.
type Ledger interface {
	// ListComments lists every comment of an issue or pull request, oldest
	// first, with the app each was posted through.
	ListComments(ctx context.Context, repo Repo, number int) ([]Comment, error)
	// Pushes lists the pushes, force pushes and creations of branch, newest
	// first, with GitHub's own timestamps.
	Pushes(ctx context.Context, repo Repo, branch string) ([]Push, error)
}

// Push is one move of a branch as the repository activity API reports it.
type Push struct {
	Before, After string
	// At is when GitHub recorded the move (never a commit date, which the
	// pusher writes).
	At    time.Time
	Actor User
	// Kind is push, force_push, branch_creation, ...
	Kind string
}

// HeadAt returns the branch's head just before t: the After of the latest
// push GitHub recorded strictly before t. A push in the same second as t
// counts as not yet seen, so a caller comparing content errs towards
// refusing. ok is false when no push before t is recorded.
func HeadAt(pushes []Push, t time.Time) (sha string, ok bool) {
	var best *Push
	for i := range pushes {
		p := &pushes[i]
		if !p.At.Before(t.Truncate(time.Second)) || isZeroSHA(p.After) {
			continue
		}
		if best == nil || p.At.After(best.At) {
			best = p
		}
	}
	if best == nil {
		return "", false
	}
	return best.After, true
}

func isZeroSHA(sha string) bool {
	for _, c := range sha {
		if c != '0' {
			return false
		}
	}
	return true
}

// String names a push for messages.
func (p Push) String() string {
	return fmt.Sprintf("%s by @%s at %s", ShortSHA(p.After), p.Actor.Login, p.At.UTC().Format(time.RFC3339))
}

// ShortSHA shortens a commit SHA to 12 characters for messages.
func ShortSHA(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}
