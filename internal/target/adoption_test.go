package target

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/storygate/storygate/internal/testrepo"
)

// TestAConfigurationAddedToAnUnconfiguredBaseIsDescribed: a change that
// adds .github/storygate.yml to a base without one is still judged by the
// defaults (the added file relaxes nothing), and its notes say what the
// file will decide once merged, or why it will not load, each within a
// results document's note; a base that has a configuration gets no such
// note and is not unconfigured.
func TestAConfigurationAddedToAnUnconfiguredBaseIsDescribed(t *testing.T) {
	long := "stories:\n" + strings.Repeat("  - \"stories/a-very-long-directory-name-ü/**/*.md\"\n", 20)
	cases := []struct {
		name, base, head string
		unconfigured     bool
		incoming         string
	}{
		{name: "adds a configuration", head: "approvers:\n  permission: read\nrevert:\n  suite: \"go test ./...\"\n", unconfigured: true,
			incoming: `Once merged, .github/storygate.yml applies: stories in "**/STORY-*.md", "stories/**/*.md"; test edits under "tests/" checked with the revert suite "go test ./..."; human gates passed by read permission or higher`},
		{name: "adds one that will not load", head: "stoires: []\n", unconfigured: true, incoming: `.github/storygate.yml will not load once merged: .github/storygate.yml in this change:1:1: unknown key "stoires"`},
		{name: "adds a long one", head: long, unconfigured: true, incoming: "…"},
		{name: "base configured", base: "approvers:\n  permission: write\n", head: "approvers:\n  permission: read\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			repo := testrepo.New(t)
			repo.Write(map[string]string{"README.md": "demo\n"})
			if tc.base != "" {
				repo.Write(map[string]string{".github/storygate.yml": tc.base})
			}
			base := repo.Commit("base")
			repo.Write(map[string]string{".github/storygate.yml": tc.head})
			repo.Commit("head")
			tg, err := Open(Options{Root: repo.Root, Base: base})
			if err != nil {
				t.Fatal(err)
			}
			if tg.BaseUnconfigured() != tc.unconfigured {
				t.Errorf("BaseUnconfigured %v, want %v", tg.BaseUnconfigured(), tc.unconfigured)
			}
			policy := filepath.Join(t.TempDir(), "policy.yml")
			if err := os.WriteFile(policy, []byte("stories: [\"stories/*.md\"]\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			explicit, err := Open(Options{Root: repo.Root, Base: base, ConfigFile: policy})
			if err != nil || explicit.BaseUnconfigured() {
				t.Errorf("a run given --config is unconfigured (%v)", err)
			}
			if want := "write"; tc.base == "" && tg.Policy().Approvers.PermissionName() != want {
				t.Errorf("judged with permission %s, want the defaults' %s", tg.Policy().Approvers.PermissionName(), want)
			}
			notes := tg.PolicyNotes()
			var incoming []string
			for _, n := range notes {
				if len(n) > maxNote || !utf8.ValidString(n) {
					t.Errorf("note of %d bytes (valid UTF-8 %v), want at most %d", len(n), utf8.ValidString(n), maxNote)
				}
				if !strings.Contains(n, "differs from the base revision's") {
					incoming = append(incoming, n)
				}
			}
			switch {
			case tc.incoming == "" && len(incoming) != 0:
				t.Errorf("notes %q, want no once-merged note", incoming)
			case tc.incoming != "" && (len(incoming) != 1 || !strings.Contains(incoming[0], tc.incoming)):
				t.Errorf("notes %q, want one containing %q", notes, tc.incoming)
			}
		})
	}
}
