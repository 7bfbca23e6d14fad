package github_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github"
)

// TestRequireAppRefusesAnyoneButThePinnedApp: a policy pinning App 42
// admits only App 42's credentials, naming the account refused; no pin,
// or a pin to GitHub Actions (Actions-only mode), admits any.
func TestRequireAppRefusesAnyoneButThePinnedApp(t *testing.T) {
	t.Parallel()
	actions := github.Self{Login: "github-actions[bot]", Type: "Bot", AppID: github.ActionsAppID}
	app := github.Self{Type: "Bot", AppID: 42}
	person := github.Self{Login: "octocat", Type: "User"}
	for _, tc := range []struct {
		name   string
		self   github.Self
		pin    int64
		refuse string
	}{
		{name: "the pinned App", self: app, pin: 42},
		{name: "GITHUB_TOKEN where the App is pinned", self: actions, pin: 42, refuse: "@github-actions[bot] through GitHub Actions"},
		{name: "another App", self: github.Self{Type: "Bot", AppID: 43}, pin: 42, refuse: "GitHub App 43"},
		{name: "a person's token", self: person, pin: 42, refuse: "@octocat, a token's user"},
		{name: "GITHUB_TOKEN, nothing pinned", self: actions},
		{name: "GITHUB_TOKEN, GitHub Actions pinned", self: actions, pin: github.ActionsAppID},
		{name: "an App, nothing pinned", self: app},
	} {
		err := tc.self.RequireApp(tc.pin)
		if tc.refuse == "" {
			if err != nil {
				t.Errorf("%s: %v, want admitted", tc.name, err)
			}
			continue
		}
		if !errors.Is(err, github.ErrNotTheApp) || !strings.Contains(err.Error(), tc.refuse) || !strings.Contains(err.Error(), "GitHub App 42") {
			t.Errorf("%s: %v, want ErrNotTheApp naming %q and App 42", tc.name, err, tc.refuse)
		}
	}
}

// TestWithPinnedChecksRepinsTheGateChecks: pinning re-pins a check
// already required with another source or none and adds a missing one;
// WithChecks, the control, keeps the source a check already has.
func TestWithPinnedChecksRepinsTheGateChecks(t *testing.T) {
	t.Parallel()
	have := github.RequiredChecks{Strict: true, Checks: []github.RequiredCheck{{Context: "ci"}, {Context: "a"}, {Context: "b", AppID: github.ActionsAppID}}}
	add := []github.RequiredCheck{{Context: "a", AppID: 42}, {Context: "b", AppID: 42}, {Context: "c", AppID: 42}}
	pinned := have.WithPinnedChecks(add...)
	want := []github.RequiredCheck{{Context: "ci"}, {Context: "a", AppID: 42}, {Context: "b", AppID: 42}, {Context: "c", AppID: 42}}
	if !pinned.Strict || len(pinned.Checks) != len(want) {
		t.Fatalf("pinned %+v, want %+v", pinned, want)
	}
	for i := range want {
		if pinned.Checks[i] != want[i] {
			t.Errorf("pinned %+v, want %+v", pinned.Checks, want)
		}
	}
	if kept := have.WithChecks(add...); kept.Checks[1].AppID != 0 || kept.Checks[2].AppID != github.ActionsAppID {
		t.Errorf("WithChecks changed a source: %+v", kept.Checks)
	}
	if have.Checks[1].AppID != 0 {
		t.Errorf("WithPinnedChecks changed its receiver: %+v", have.Checks)
	}
}
