package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/testrepo"
)

// filterRepo is a base with a clean story, one pending a human gate and
// one broken, and a head commit that touches only the clean one, plus
// head, if given.
func filterRepo(t *testing.T, head map[string]string) (*testrepo.Repo, string) {
	t.Helper()
	repo := testrepo.New(t)
	clean := string(demoStory(t, "STORY-001.md"))
	repo.Write(map[string]string{"stories/STORY-001.md": clean, "stories/STORY-002.md": string(demoStory(t, "STORY-002.md")),
		"stories/STORY-003.md": string(demoStory(t, "STORY-003.md"))})
	base := repo.Commit("base")
	repo.Write(map[string]string{"stories/STORY-001.md": clean + "\n<!-- touched -->\n"})
	repo.Write(head)
	repo.Commit("head")
	return repo, base
}

// TestValidateFilterChanged: with --base, --filter changed judges what the
// change touched as the gate does, and sets the broken story it did not
// touch apart (counted in one text line, listed apart in json, absent
// from sarif); the default judges every story, and touching the broken
// story brings its errors back.
func TestValidateFilterChanged(t *testing.T) {
	t.Parallel()
	repo, base := filterRepo(t, nil)
	code, out, errOut := run(t, "validate", "--root", repo.Root, "--base", base, "--filter", "changed")
	if code != ExitOK || strings.Contains(out, "stories/STORY-003.md:") || !strings.Contains(out, "set apart: ") ||
		!strings.Contains(out, "in 2 files the change did not touch") {
		t.Errorf("--filter changed: exit %d, want 0 with STORY-003 set apart in one line\n%s%s", code, out, errOut)
	}
	if code, out, _ = run(t, "validate", "--root", repo.Root, "--base", base); code != ExitFindings || !strings.Contains(out, "stories/STORY-003.md:") {
		t.Errorf("default (all): exit %d, want 1 judging STORY-003\n%s", code, out)
	}
	_, out, _ = run(t, "validate", "--root", repo.Root, "--base", base, "--filter", "changed", "--format", "json")
	var doc report.JSONDocument
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if doc.Summary.Errors != 0 || len(doc.Untouched) == 0 || doc.Untouched[0].File != "stories/STORY-002.md" {
		t.Errorf("json: summary %+v, untouched %v; want no judged errors and the untouched findings apart", doc.Summary, doc.Untouched)
	}
	if _, out, _ = run(t, "validate", "--root", repo.Root, "--base", base, "--filter", "changed", "--format", "sarif"); strings.Contains(out, "STORY-003") {
		t.Errorf("sarif carries a finding on the untouched story:\n%s", out)
	}

	touched, base := filterRepo(t, map[string]string{"stories/STORY-003.md": string(demoStory(t, "STORY-003.md")) + "\n"})
	if code, out, _ = run(t, "validate", "--root", touched.Root, "--base", base, "--filter", "changed"); code != ExitFindings || !strings.Contains(out, "stories/STORY-003.md:") {
		t.Errorf("the change touched STORY-003: exit %d, want 1 judging it\n%s", code, out)
	}
}

// TestValidateFilterFlagErrors: an unknown mode and the changed mode
// without a base are usage errors, named.
func TestValidateFilterFlagErrors(t *testing.T) {
	t.Parallel()
	repo, base := filterRepo(t, nil)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--filter", "changed"}, "--filter changed needs --base"},
		{[]string{"--base", base, "--filter", "new"}, `unknown filter mode "new"`},
	} {
		code, _, errOut := run(t, append([]string{"validate", "--root", repo.Root}, c.args...)...)
		if code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d naming %q", c.args, code, errOut, ExitUsage, c.want)
		}
	}
}
