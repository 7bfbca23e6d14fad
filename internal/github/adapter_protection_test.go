package github_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
)

var gateChecks = []github.RequiredCheck{{Context: "storygate / stories"}, {Context: "storygate / verify", AppID: 15368}}

func TestProtectUnprotectedBranch(t *testing.T) {
	a, fake, _ := setup(t)
	ctx := context.Background()
	if bp := must[github.BranchProtection](t)(a.BranchProtection(ctx, repo, "main")); bp.Protected {
		t.Fatalf("fresh branch protected: %+v", bp)
	}
	plan := must[github.ProtectionPlan](t)(a.PlanRequiredChecks(ctx, repo, "main", github.RequiredChecks{Strict: true, Checks: gateChecks}))
	if plan.Method != "PUT" || !strings.HasSuffix(plan.Path, "/branches/main/protection") {
		t.Fatalf("plan = %s", plan)
	}
	if len(fake.CallsTo("PUT", "/repos/{owner}/{repo}/branches/{branch}/protection")) != 0 {
		t.Fatal("planning wrote to GitHub")
	}
	if err := a.ApplyProtectionPlan(ctx, plan); err != nil {
		t.Fatal(err)
	}
	bp := must[github.BranchProtection](t)(a.BranchProtection(ctx, repo, "main"))
	if !bp.Protected || bp.Checks == nil || !bp.Checks.Strict || !reflect.DeepEqual(bp.Checks.Checks, gateChecks) {
		t.Errorf("after apply: %+v", bp)
	}
}

func TestProtectKeepsOtherSettingsWhenAddingChecks(t *testing.T) {
	a, fake, _ := setup(t)
	ctx := context.Background()
	fake.SetProtection(repoName, "main", map[string]any{
		"enforce_admins":                map[string]any{"enabled": true},
		"required_linear_history":       map[string]any{"enabled": true},
		"allow_force_pushes":            map[string]any{"enabled": false},
		"required_pull_request_reviews": map[string]any{"required_approving_review_count": 2, "dismiss_stale_reviews": true, "dismissal_restrictions": map[string]any{"users": []any{map[string]any{"login": "lead"}}, "teams": []any{}, "apps": []any{}}},
		"restrictions":                  map[string]any{"users": []any{}, "teams": []any{map[string]any{"slug": "core"}}, "apps": []any{}},
	})
	plan := must[github.ProtectionPlan](t)(a.PlanRequiredChecks(ctx, repo, "main", github.RequiredChecks{Checks: gateChecks}))
	if plan.Method != "PUT" {
		t.Fatalf("plan = %s, want PUT", plan)
	}
	if err := a.ApplyProtectionPlan(ctx, plan); err != nil {
		t.Fatal(err)
	}
	got, _ := fake.Protection(repoName, "main")
	want := map[string]any{
		"enforce_admins": true, "required_linear_history": true, "allow_force_pushes": false,
		"required_pull_request_reviews.required_approving_review_count": 2.0, "required_pull_request_reviews.dismiss_stale_reviews": true,
		"required_pull_request_reviews.dismissal_restrictions.users": "lead", "restrictions.teams": "core",
		"required_status_checks.contexts": "storygate / stories,storygate / verify",
	}
	for path, w := range want {
		if v := dig(got, path); v != w {
			t.Errorf("%s = %v, want %v", path, v, w)
		}
	}
}

func TestProtectReplacesExistingChecksInPlace(t *testing.T) {
	a, fake, _ := setup(t)
	ctx := context.Background()
	fake.SetProtection(repoName, "main", map[string]any{
		"enforce_admins":         map[string]any{"enabled": true},
		"required_status_checks": map[string]any{"strict": true, "contexts": []any{"ci/build"}, "checks": []any{map[string]any{"context": "ci/build", "app_id": nil}}},
	})
	bp := must[github.BranchProtection](t)(a.BranchProtection(ctx, repo, "main"))
	want := bp.Checks.WithChecks(gateChecks...)
	plan := must[github.ProtectionPlan](t)(a.PlanRequiredChecks(ctx, repo, "main", want))
	if plan.Method != "PATCH" || !strings.HasSuffix(plan.Path, "/required_status_checks") {
		t.Fatalf("plan = %s, want PATCH of required_status_checks", plan)
	}
	if err := a.ApplyProtectionPlan(ctx, plan); err != nil {
		t.Fatal(err)
	}
	got, _ := fake.Protection(repoName, "main")
	if v := dig(got, "required_status_checks.contexts"); v != "ci/build,storygate / stories,storygate / verify" {
		t.Errorf("contexts = %v", v)
	}
	if v := dig(got, "enforce_admins"); v != true {
		t.Errorf("enforce_admins = %v, want kept", v)
	}
}

func TestProtectionPlanRendersTheRequest(t *testing.T) {
	plan := github.ProtectionPlan{Method: "PATCH", Path: "repos/o/r/branches/main/protection/required_status_checks", Body: json.RawMessage(`{"strict":true,"checks":[]}`), Why: "why"}
	out := plan.String()
	for _, want := range []string{"# why", "PATCH /repos/o/r/branches/main/protection/required_status_checks", `"strict": true`} {
		if !strings.Contains(out, want) {
			t.Errorf("rendering lacks %q:\n%s", want, out)
		}
	}
}

// dig follows a dotted path; {"enabled": b} reads as b and lists of objects
// as their login, slug or context joined by commas.
func dig(m map[string]any, path string) any {
	var v any = m
	for _, k := range strings.Split(path, ".") {
		obj, _ := v.(map[string]any)
		v = obj[k]
	}
	if obj, ok := v.(map[string]any); ok {
		if e, ok := obj["enabled"]; ok {
			return e
		}
	}
	if list, ok := v.([]any); ok {
		var names []string
		for _, item := range list {
			if s, ok := item.(string); ok {
				names = append(names, s)
				continue
			}
			obj, _ := item.(map[string]any)
			for _, k := range []string{"login", "slug", "context"} {
				if s, ok := obj[k].(string); ok {
					names = append(names, s)
				}
			}
		}
		return strings.Join(names, ",")
	}
	return v
}
