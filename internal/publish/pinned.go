package publish

import (
	"context"
	"fmt"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/github"
)

// PolicyPinsApp reports whether the trusted policy pins storygate's
// identity to its own GitHub App (approvers.recorder_app_id, an App that
// is not GitHub Actions): what a report written outside publishing (the
// job summary, a local run) goes by.
func PolicyPinsApp(approvers *config.Approvers) bool {
	return approvers != nil && approvers.RecorderAppID != 0 && approvers.RecorderAppID != github.ActionsAppID
}

// Account is what PinnedToApp asks of GitHub: the account storygate posts
// as.
type Account interface {
	Self(ctx context.Context) (github.Self, error)
}

// PinnedToApp reports whether what storygate writes through gh (check
// runs, the sticky comment, drift issues) is pinned to its own App: the
// trusted policy pins the decision receipts to an App other than GitHub
// Actions (PolicyPinsApp), and gh posts through that same App, whose
// check runs, comments and issues no workflow token can make; credentials
// that are not it are refused (github.ErrNotTheApp), to be asked before
// anything is written. Without a pinned App it is Actions-only
// mode, which the comment says at its top (report.MarkdownOptions.Pinned).
func PinnedToApp(ctx context.Context, gh Account, approvers *config.Approvers) (bool, error) {
	if !PolicyPinsApp(approvers) {
		return false, nil
	}
	self, err := gh.Self(ctx)
	if err != nil {
		return false, fmt.Errorf("find the account storygate posts as: %w", err)
	}
	if err := self.RequireApp(approvers.RecorderAppID); err != nil {
		return false, err
	}
	return true, nil
}
