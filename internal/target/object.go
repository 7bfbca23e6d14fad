package target

import (
	"errors"
	"fmt"
	"regexp"

	"github.com/go-git/go-git/v5/plumbing/object"
)

// ErrNotAHash is returned by Object for anything but a full commit hash.
var ErrNotAHash = errors.New("not a full commit hash")

var fullHash = regexp.MustCompile(`^[0-9a-f]{40}$`)

// Object is the commit whose full hash is sha, looked up in the run's
// repository: what a record names (a decision's commit, a receipt's) is
// fixed by its hash, whoever pushed it. Revision names (a branch, HEAD,
// a short hash) are refused: they are resolved once, by Open, and a name
// resolved later could mean another commit.
func (t *Target) Object(sha string) (*object.Commit, error) {
	if !fullHash.MatchString(sha) {
		return nil, fmt.Errorf("%w: %q", ErrNotAHash, sha)
	}
	if t.repo == nil {
		return nil, ErrNoRepository
	}
	return t.repo.Commit(sha)
}
