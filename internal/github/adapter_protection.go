package github

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"

	gh "github.com/google/go-github/v62/github"
)

// BranchProtection implements Protection.
func (a *Adapter) BranchProtection(ctx context.Context, repo Repo, branch string) (BranchProtection, error) {
	p, err := a.protection(ctx, repo, branch)
	if err != nil || p == nil {
		return BranchProtection{}, err
	}
	out := BranchProtection{Protected: true}
	if rsc := p.GetRequiredStatusChecks(); rsc != nil {
		out.Checks = fromRequiredStatusChecks(rsc)
	}
	return out, nil
}

// protection reads the branch's protection; nil for an unprotected branch.
func (a *Adapter) protection(ctx context.Context, repo Repo, branch string) (*gh.Protection, error) {
	p, resp, err := a.gh.Repositories.GetBranchProtection(ctx, repo.Owner, repo.Name, branch)
	if errors.Is(err, gh.ErrBranchNotProtected) {
		return nil, nil
	}
	if err != nil {
		return nil, apiError(fmt.Sprintf("read protection of %s on %s", branch, repo), resp, err)
	}
	return p, nil
}

// PlanRequiredChecks implements Protection. Three cases keep every other
// setting: checks already required are replaced in place (PATCH of that
// setting alone); a protected branch without them gets its protection
// written back with them added (PUT, the only way to turn them on); an
// unprotected branch gets protection with only the checks.
func (a *Adapter) PlanRequiredChecks(ctx context.Context, repo Repo, branch string, want RequiredChecks) (ProtectionPlan, error) {
	p, err := a.protection(ctx, repo, branch)
	if err != nil {
		return ProtectionPlan{}, err
	}
	path := protectionPath(repo, branch)
	switch {
	case p == nil:
		return plan("PUT", path, "branch is unprotected: protect it with only the required checks", protectionRequest(nil, want))
	case p.RequiredStatusChecks == nil:
		return plan("PUT", path, "branch is protected without required checks: rewrite its protection with them, other settings kept", protectionRequest(p, want))
	}
	return plan("PATCH", path+"/required_status_checks", "replace the required status checks; other settings untouched", requiredChecksBody(want))
}

func plan(method, path, why string, body any) (ProtectionPlan, error) {
	raw, err := json.Marshal(body)
	if err != nil {
		return ProtectionPlan{}, fmt.Errorf("encode %s %s: %w", method, path, err)
	}
	return ProtectionPlan{Method: method, Path: path, Body: raw, Why: why}, nil
}

// ApplyProtectionPlan implements Protection.
func (a *Adapter) ApplyProtectionPlan(ctx context.Context, p ProtectionPlan) error {
	req, err := a.gh.NewRequest(p.Method, p.Path, p.Body)
	if err != nil {
		return fmt.Errorf("%s /%s: %w", p.Method, p.Path, err)
	}
	resp, err := a.gh.Do(ctx, req, nil)
	if err != nil {
		return apiError(fmt.Sprintf("%s /%s", p.Method, p.Path), resp, err)
	}
	return nil
}

func fromRequiredStatusChecks(rsc *gh.RequiredStatusChecks) *RequiredChecks {
	out := &RequiredChecks{Strict: rsc.Strict, Checks: []RequiredCheck{}}
	if rsc.Checks != nil {
		for _, c := range *rsc.Checks {
			out.Checks = append(out.Checks, RequiredCheck{Context: c.Context, AppID: c.GetAppID()})
		}
		return out
	}
	if rsc.Contexts != nil {
		for _, c := range *rsc.Contexts {
			out.Checks = append(out.Checks, RequiredCheck{Context: c})
		}
	}
	return out
}

// requiredChecksBody is the PATCH body; checks (not the deprecated
// contexts) so that an app pin survives.
func requiredChecksBody(want RequiredChecks) map[string]any {
	return map[string]any{"strict": want.Strict, "checks": checksOrEmpty(want.Checks)}
}

func checksOrEmpty(cs []RequiredCheck) []RequiredCheck {
	if cs == nil {
		return []RequiredCheck{}
	}
	return cs
}

// PlanUnreadRequiredChecks is the request PlanRequiredChecks makes for an
// unprotected branch, worked out without GitHub: what a dry run prints
// when the current protection cannot be read (no token, no network). A
// real run reads the protection first and keeps its other settings, so
// the request it sends on a protected branch differs (docs/chatops.md).
func PlanUnreadRequiredChecks(repo Repo, branch string, want RequiredChecks) (ProtectionPlan, error) {
	path := protectionPath(repo, branch)
	return plan("PUT", path, "current protection not read: the request for an unprotected branch (a protected one keeps its other settings)", protectionRequest(nil, want))
}

// protectionPath is the branch protection endpoint, relative to the API root.
func protectionPath(repo Repo, branch string) string {
	return fmt.Sprintf("repos/%s/%s/branches/%s/protection", url.PathEscape(repo.Owner), url.PathEscape(repo.Name), url.PathEscape(branch))
}
