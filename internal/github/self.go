package github

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// ActionsAppID is GitHub Actions' app id: a workflow's GITHUB_TOKEN posts
// through it, as github-actions[bot].
const ActionsAppID = 15368

// actionsBot is the account a workflow's GITHUB_TOKEN posts as.
const actionsBot = "github-actions[bot]"

// Self is the account the adapter's credentials post as, by which
// storygate tells its own comments from everyone else's: a GitHub App's
// bot (any comment performed via the App, whose bot alone can post
// through it), a token's user, or, for a token GitHub will not name
// (an installation token, GITHUB_TOKEN), github-actions[bot] through
// GitHub Actions.
type Self struct {
	// Login is the account's login; "" for an App, known by its id.
	Login string
	// Type is GitHub's account type: "User" or "Bot".
	Type string
	// AppID is the App the account posts through; 0 for a person's token.
	AppID int64
}

// Authored reports whether GitHub says s posted c: the author's type and
// login (unless s is an App, named by id) and the App it was performed
// via.
func (s Self) Authored(c Comment) bool {
	return strings.EqualFold(c.Author.Type, s.Type) && (s.Login == "" || strings.EqualFold(c.Author.Login, s.Login)) &&
		(s.AppID == 0 || c.App.ID == s.AppID)
}

// MadeCheckRun reports whether a check run made through the app appID
// (its app.id) is the account's: check runs are always made through an
// app, so the app is all that tells them apart. With a dedicated GitHub
// App that is unforgeable: only its installation tokens make runs
// through it. In Actions-only mode it is not: every workflow's
// GITHUB_TOKEN makes its runs through GitHub Actions (ActionsAppID), so a
// run any workflow with checks: write made is indistinguishable from
// storygate's; only the App closes that (docs/app.md).
func (s Self) MadeCheckRun(appID int64) bool { return appID == s.AppID }

// ErrNotTheApp is RequireApp's refusal: the policy pins storygate to a
// GitHub App the credentials are not.
var ErrNotTheApp = errors.New("these credentials are not storygate's GitHub App")

// RequireApp refuses an account that is not the GitHub App appID, which
// the trusted policy pins storygate to (approvers.recorder_app_id): what
// it wrote would not count as storygate's (receipts, check runs pinned by
// protect --app-id), and what it read back as its own (check runs by key,
// the sticky comment, replies, drift issues) could be any workflow's. An
// appID of 0 or GitHub Actions' pins nothing (Actions-only mode).
func (s Self) RequireApp(appID int64) error {
	if appID == 0 || appID == ActionsAppID || s.AppID == appID {
		return nil
	}
	return fmt.Errorf("%w: the policy pins storygate to GitHub App %d (approvers.recorder_app_id), but they post as %s; "+
		"give the workflow the App's key (the app-id and private-key inputs, from an environment only the default branch deploys to: docs/action.md)",
		ErrNotTheApp, appID, s.describe())
}

// describe names the account and the app it posts through.
func (s Self) describe() string {
	switch {
	case s.AppID == ActionsAppID:
		return s.String() + " through GitHub Actions (a workflow's GITHUB_TOKEN)"
	case s.AppID == 0:
		return s.String() + ", a token's user"
	}
	return s.String()
}

// String names the account for messages.
func (s Self) String() string {
	if s.Login == "" {
		return fmt.Sprintf("GitHub App %d", s.AppID)
	}
	return "@" + s.Login
}

// Self reports the account the adapter posts as, asking GitHub once per
// adapter (one run): an App is known from its credentials; a token's user
// is GET /user, which GitHub refuses (403) an installation token such as
// GITHUB_TOKEN, taken then for github-actions[bot] via GitHub Actions.
func (a *Adapter) Self(ctx context.Context) (Self, error) {
	a.selfMu.Lock()
	defer a.selfMu.Unlock()
	if a.self != nil {
		return *a.self, nil
	}
	s, err := a.askSelf(ctx)
	if err != nil {
		return Self{}, err
	}
	a.self = &s
	return s, nil
}

func (a *Adapter) askSelf(ctx context.Context) (Self, error) {
	if a.appID != 0 {
		return Self{Type: "Bot", AppID: a.appID}, nil
	}
	u, resp, err := a.gh.Users.Get(ctx, "")
	if resp != nil && resp.StatusCode == http.StatusForbidden {
		return Self{Login: actionsBot, Type: "Bot", AppID: ActionsAppID}, nil
	}
	if err != nil {
		return Self{}, apiError("find the account storygate posts as (GET /user)", resp, err)
	}
	self := Self{Login: u.GetLogin(), Type: u.GetType()}
	if self.Type == "Bot" && strings.EqualFold(self.Login, actionsBot) {
		self.AppID = ActionsAppID
	}
	return self, nil
}
