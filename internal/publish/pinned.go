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

// pinnedToApp reports whether the check runs and the sticky comment are
// pinned to storygate's own App: the trusted policy pins the decision
// receipts to a dedicated App (PolicyPinsApp), and publishing posts
// through that same App, whose check runs and comments no workflow token
// can make; credentials that are not it are refused (github.ErrNotTheApp)
// before anything is written. Without a pinned App it is Actions-only
// mode, which the comment says at its top (report.MarkdownOptions.Pinned).
func pinnedToApp(ctx context.Context, gh GitHub, approvers *config.Approvers) (bool, error) {
	if !PolicyPinsApp(approvers) {
		return false, nil
	}
	self, err := gh.Self(ctx)
	if err != nil {
		return false, fmt.Errorf("publish: find the account storygate posts as: %w", err)
	}
	if err := self.RequireApp(approvers.RecorderAppID); err != nil {
		return false, fmt.Errorf("publish: %w", err)
	}
	return true, nil
}
