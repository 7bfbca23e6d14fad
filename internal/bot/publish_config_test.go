package bot

import (
	"context"
	"path/filepath"
	"testing"
)

// lenientPolicy turns off the three rules the demo's STORY-003 breaks, so
// a gate run under it finds only STORY-002's pending notice.
const lenientPolicy = "rules:\n  contract/pass-when-invalid: off\n  transition/unauthorized-actor: off\n  hitl/gate-without-decision: off\n"

// TestPublishReadsTheWorkflowsConfigFile: the gate step is given a
// configuration file of its own (the config input); publish, given the
// same file, recomputes under it, so its verdict is the gate's (success:
// STORY-002's pending notice is on a story the change did not touch).
// Without it, publish judged the root's default policy instead, and
// failed what the gate passed: the control.
func TestPublishReadsTheWorkflowsConfigFile(t *testing.T) {
	t.Parallel()
	for _, named := range []bool{true, false} {
		t.Run(map[bool]string{true: "config named", false: "config not named"}[named], func(t *testing.T) {
			h := newHarness(t)
			h.repo.Write(map[string]string{"ci/storygate.yml": lenientPolicy})
			h.base = h.repo.Commit("the workflow's policy")
			h.repo.Write(map[string]string{"stories/STORY-003.md": demoFile(t, "STORY-003.md") + "\n"})
			h.head = h.repo.Commit("touch STORY-003")
			cfg := filepath.Join(h.repo.Root, "ci", "storygate.yml")
			h.env["INPUT_CONFIG"] = cfg
			h.env["GITHUB_RUN_ID"] = uploadingRun
			h.event("pull_request", "pull_request.opened", forkPullRequest)
			if code := h.action(); code != passed {
				t.Fatalf("report-only under the lenient policy got %s\n%s", code, h.stderr.String())
			}
			delete(h.env, "INPUT_CONFIG") // publish takes it as its own option
			publishHalf(t, h, h.head)
			opts := PublishOptions{Results: h.results, Root: h.repo.Root}
			if named {
				opts.ConfigFile = cfg
			}
			if code := statusOf(Passed, h.bot().Publish(context.Background(), opts)); code != passed {
				t.Fatalf("publish got %s\n%s", code, h.stderr.String())
			}
			want := map[bool]string{true: "success", false: "failure"}[named]
			if got := h.checkRuns()["storygate / stories"]; got != want {
				t.Errorf("stories published as %q, want %q", got, want)
			}
		})
	}
}

// TestConfigInTheHeadTree: a configuration file inside the trusted
// checkout is named at its place in the head's tree (where the policy
// reader, finding it inside the repository, reads it at the base
// revision); one outside the checkout is the workflow's, as given.
func TestConfigInTheHeadTree(t *testing.T) {
	h := newHarness(t) // parallel already
	root, err := h.bot().resolveTrustedRoot(h.repo.Root)
	if err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "policy.yml")
	for _, c := range []struct{ config, want string }{
		{"", ""},
		{filepath.Join(h.repo.Root, "ci", "storygate.yml"), filepath.Join("/tree", "ci", "storygate.yml")},
		{filepath.Join(h.repo.Root, ".github", "storygate.yml"), filepath.Join("/tree", ".github", "storygate.yml")},
		{outside, outside},
		{filepath.Join(h.repo.Root, "..", "elsewhere.yml"), filepath.Join(filepath.Dir(h.repo.Root), "elsewhere.yml")},
	} {
		root.config = filepath.Clean(c.config)
		if c.config == "" {
			root.config = ""
		}
		if got := root.configIn("/tree"); got != c.want {
			t.Errorf("configIn(%q) = %q, want %q", c.config, got, c.want)
		}
	}
}
