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

// pinnedToApp reports whether the sticky comment's checks and receipts
// are pinned to storygate's own App: publishing posts through a dedicated
// App (github.Self.Dedicated), whose check runs and comments no workflow
// token can make, and the trusted policy pins the decision receipts to
// that same App. Anything else is Actions-only mode, which the comment
// says at its top (report.MarkdownOptions.Pinned).
func pinnedToApp(ctx context.Context, gh GitHub, approvers *config.Approvers) (bool, error) {
	if !PolicyPinsApp(approvers) {
		return false, nil
	}
	self, err := gh.Self(ctx)
	if err != nil {
		return false, fmt.Errorf("publish: find the account the comment is posted as: %w", err)
	}
	return self.Dedicated() && self.AppID == approvers.RecorderAppID, nil
}
