package bot

import (
	"errors"
	"fmt"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/target"
)

// judgedHead is the pair of commits the document says the gate judged. A
// document with no judged commits had no base, and a pull request's gate
// always has one; sameChange checks the pair.
func judgedHead(doc *gate.Results, head string) (gate.Judged, error) {
	if doc.Judged == nil {
		return gate.Judged{}, fmt.Errorf("%w: the document names no commits it judged (a gate run with no base, or a storygate older than this publish); run the gate on the pull request again", errRefused)
	}
	j := *doc.Judged
	for _, sha := range []string{j.Base, j.MergeBase, j.Head} {
		if shaOrEmpty(sha) == "" {
			return j, fmt.Errorf("%w: the document's judged commits %+v are not full commit hashes", errRefused, j)
		}
	}
	return j, nil
}

// sameChange refuses to publish unless publish's own target, opened at the
// pull request's base as GitHub names it now and the judged head, is the
// change the gate judged: the same merge base (the base branch's later
// commits change the base's tip, never the merge base) and, as the head,
// the commit the check runs go on, the pull request's head. A merge
// commit is refused even when its parents are the merge base and the
// head: its tree is whatever its author wrote, so a document naming a
// merge commit the agent pushed could have a sanitized tree judged while
// the checks went on the head (the shipped gate workflow checks out the
// head, never GitHub's test merge).
func sameChange(t *target.Target, j gate.Judged, prHead string) error {
	if got := t.MergeBaseSHA(); got != j.MergeBase {
		return fmt.Errorf("%w: the gate judged the change from %s, but the merge base of the pull request's base %s and %s is %s; run the gate again",
			errRefused, shortSHA(j.MergeBase), shortSHA(t.BaseSHA()), shortSHA(j.Head), shortSHA(got))
	}
	if j.Head != prHead {
		return fmt.Errorf("%w: the document judged %s, not the pull request's head %s; the gate job must check out the head (actions/checkout with ref: ${{ github.event.pull_request.head.sha }}), not GitHub's test merge",
			errRefused, shortSHA(j.Head), shortSHA(prHead))
	}
	return nil
}

// missingObjects makes a commit publish needs and the checkout lacks the
// caller's to fix (exit 2), named, rather than judging something else.
func missingObjects(err error) error {
	if errors.Is(err, gitrepo.ErrRevisionMissing) || errors.Is(err, target.ErrNoMergeBase) {
		return usage(fmt.Errorf("publish: %w; the publish workflow must fetch the pull request's base and head as data", err))
	}
	return err
}
