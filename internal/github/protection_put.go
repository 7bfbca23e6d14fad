package github

import gh "github.com/google/go-github/v62/github"

// The PUT body for branch protection differs from what GET returns (logins
// and slugs instead of objects, booleans instead of {enabled}), so these
// types spell the request out. Pointers and nil slices encode GitHub's
// "null = off".

type protectionPut struct {
	RequiredStatusChecks           requiredChecksPut `json:"required_status_checks"`
	EnforceAdmins                  *bool             `json:"enforce_admins"`
	RequiredPullRequestReviews     *reviewsPut       `json:"required_pull_request_reviews"`
	Restrictions                   *actorsPut        `json:"restrictions"`
	RequiredLinearHistory          *bool             `json:"required_linear_history,omitempty"`
	AllowForcePushes               *bool             `json:"allow_force_pushes,omitempty"`
	AllowDeletions                 *bool             `json:"allow_deletions,omitempty"`
	BlockCreations                 *bool             `json:"block_creations,omitempty"`
	RequiredConversationResolution *bool             `json:"required_conversation_resolution,omitempty"`
	LockBranch                     *bool             `json:"lock_branch,omitempty"`
	AllowForkSyncing               *bool             `json:"allow_fork_syncing,omitempty"`
}

// requiredChecksPut carries checks; the description still requires the
// deprecated contexts list, sent empty so the checks (with app pins) rule.
type requiredChecksPut struct {
	Strict   bool            `json:"strict"`
	Contexts []string        `json:"contexts"`
	Checks   []RequiredCheck `json:"checks"`
}

type reviewsPut struct {
	DismissalRestrictions        *actorsPut `json:"dismissal_restrictions,omitempty"`
	DismissStaleReviews          bool       `json:"dismiss_stale_reviews"`
	RequireCodeOwnerReviews      bool       `json:"require_code_owner_reviews"`
	RequiredApprovingReviewCount int        `json:"required_approving_review_count"`
	RequireLastPushApproval      bool       `json:"require_last_push_approval"`
	BypassPullRequestAllowances  *actorsPut `json:"bypass_pull_request_allowances,omitempty"`
}

type actorsPut struct {
	Users []string `json:"users"`
	Teams []string `json:"teams"`
	Apps  []string `json:"apps"`
}

// protectionRequest builds the PUT body: p's settings (nil p: none) with
// want as the required status checks.
func protectionRequest(p *gh.Protection, want RequiredChecks) protectionPut {
	out := protectionPut{RequiredStatusChecks: requiredChecksPut{Strict: want.Strict, Contexts: []string{}, Checks: checksOrEmpty(want.Checks)}}
	if p == nil {
		return out
	}
	if p.EnforceAdmins != nil {
		out.EnforceAdmins = gh.Bool(p.EnforceAdmins.Enabled)
	}
	out.RequiredPullRequestReviews = reviewsFrom(p.RequiredPullRequestReviews)
	if r := p.Restrictions; r != nil {
		out.Restrictions = actorsFrom(r.Users, r.Teams, r.Apps)
	}
	copyToggles(&out, p)
	return out
}

// copyToggles carries the on/off settings over unchanged.
func copyToggles(out *protectionPut, p *gh.Protection) {
	if v := p.RequireLinearHistory; v != nil {
		out.RequiredLinearHistory = gh.Bool(v.Enabled)
	}
	if v := p.AllowForcePushes; v != nil {
		out.AllowForcePushes = gh.Bool(v.Enabled)
	}
	if v := p.AllowDeletions; v != nil {
		out.AllowDeletions = gh.Bool(v.Enabled)
	}
	if v := p.RequiredConversationResolution; v != nil {
		out.RequiredConversationResolution = gh.Bool(v.Enabled)
	}
	if v := p.BlockCreations; v != nil {
		out.BlockCreations = v.Enabled
	}
	if v := p.LockBranch; v != nil {
		out.LockBranch = v.Enabled
	}
	if v := p.AllowForkSyncing; v != nil {
		out.AllowForkSyncing = v.Enabled
	}
}

func reviewsFrom(r *gh.PullRequestReviewsEnforcement) *reviewsPut {
	if r == nil {
		return nil
	}
	out := &reviewsPut{
		DismissStaleReviews:          r.DismissStaleReviews,
		RequireCodeOwnerReviews:      r.RequireCodeOwnerReviews,
		RequiredApprovingReviewCount: r.RequiredApprovingReviewCount,
		RequireLastPushApproval:      r.RequireLastPushApproval,
	}
	if d := r.DismissalRestrictions; d != nil {
		out.DismissalRestrictions = actorsFrom(d.Users, d.Teams, d.Apps)
	}
	if b := r.BypassPullRequestAllowances; b != nil {
		out.BypassPullRequestAllowances = actorsFrom(b.Users, b.Teams, b.Apps)
	}
	return out
}

// actorsFrom turns user, team and app objects into logins and slugs.
func actorsFrom(users []*gh.User, teams []*gh.Team, apps []*gh.App) *actorsPut {
	out := &actorsPut{Users: []string{}, Teams: []string{}, Apps: []string{}}
	for _, u := range users {
		out.Users = append(out.Users, u.GetLogin())
	}
	for _, t := range teams {
		out.Teams = append(out.Teams, t.GetSlug())
	}
	for _, a := range apps {
		out.Apps = append(out.Apps, a.GetSlug())
	}
	return out
}
