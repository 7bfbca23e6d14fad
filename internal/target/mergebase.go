package target

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/object"
)

// ErrNoMergeBase is returned when base and head share no history.
var ErrNoMergeBase = errors.New("no merge base")

// MergeBase is the commit a change from base to head starts from, as
// `git diff base...head` takes it: head's best common ancestor with base.
// With several (criss-cross merges), the one with the smallest hash, so
// every half of a run picks the same. A head that shares no history with
// base is refused: nothing says what the change is.
func MergeBase(base, head *object.Commit) (*object.Commit, error) {
	if base.Hash == head.Hash {
		return base, nil
	}
	bases, err := base.MergeBase(head)
	if err != nil {
		return nil, fmt.Errorf("merge base of %s and %s: %w", short(base), short(head), err)
	}
	if len(bases) == 0 {
		return nil, fmt.Errorf("%w: %s and %s share no history", ErrNoMergeBase, short(base), short(head))
	}
	return slices.MinFunc(bases, func(a, b *object.Commit) int {
		return strings.Compare(a.Hash.String(), b.Hash.String())
	}), nil
}

func short(c *object.Commit) string { return c.Hash.String()[:12] }
