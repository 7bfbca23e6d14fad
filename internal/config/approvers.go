package config

import "strings"

// PermissionName is the repository permission a human decision needs: the
// configured one, write when approvers.permission is left out.
func (a Approvers) PermissionName() string {
	if a.Permission == "" {
		return "write"
	}
	return a.Permission
}

// Who describes who may decide. chatops' refusals and help and the gate
// comment's next step all say it in these words, so a reviewer reads the
// same rule wherever it is shown.
func (a Approvers) Who() string {
	who := a.PermissionName() + " permission or higher"
	if len(a.Teams) > 0 {
		who += " or membership of " + strings.Join(a.Teams, ", ")
	}
	if a.AllowAuthor {
		return who + ", from someone other than a bot or a configured agent account (the PR author included: approvers.allow_author is on)"
	}
	return who + ", from someone other than the PR author, a bot or a configured agent account"
}
