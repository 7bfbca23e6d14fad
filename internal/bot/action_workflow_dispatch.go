package bot

import (
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
)

// planWorkflowDispatch gates the dispatched commit (GITHUB_SHA), compared
// with the base input when one is given; check runs go on that commit and
// no comment is posted.
func (b *Bot) planWorkflowDispatch(_ github.Event, f ActionOptions) (plan, error) {
	head := b.getenv("GITHUB_SHA")
	return plan{
		event: gate.Event{HeadSHA: head, HeadRef: b.getenv("GITHUB_REF"), BaseSHA: shaOrEmpty(f.Base)},
		base:  f.Base, head: head,
	}, nil
}

// shaOrEmpty keeps a revision for the document only when it is a full SHA.
func shaOrEmpty(rev string) string {
	if len(rev) != 40 {
		return ""
	}
	for _, c := range rev {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return ""
		}
	}
	return rev
}
