package collect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// scopedStage is stage/unknown-scope's fixture (a valid stage) naming the
// scopes given instead.
func scopedStage(t *testing.T, scopes string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "stage", "testdata", "rules", "unknown-scope", "inception", "demo.md"))
	if err != nil {
		t.Fatal(err)
	}
	const named = "scopes:\n  - enterprise\n  - enterprize\n"
	if !strings.Contains(string(data), named) {
		t.Fatalf("the fixture no longer names its scopes as %q", named)
	}
	return strings.Replace(string(data), named, "scopes: ["+scopes+"]\n", 1)
}

// TestStagesGateResolvesAForksScopeFiles: the fork names its scope files
// amadeus-<name>.md. Its scopes resolve by their frontmatter name:, or by
// stages.scope_prefix for a file without one; a really unknown scope is
// still reported. The attack: a scope file linking out of the repository,
// whose target claims a scope, is never read (the link's own name still
// counts); the control is the same file inside the repository.
func TestStagesGateResolvesAForksScopeFiles(t *testing.T) {
	t.Parallel()
	outside := filepath.Join(t.TempDir(), "claims.md")
	if err := os.WriteFile(outside, []byte("---\nname: claimed\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, prefix, scopes string
		link                 bool
		unknown              []string
	}{
		{"by frontmatter", "", "refactor, amadeus-bugfix", false, nil},
		{"no frontmatter, default prefix", "", "refactor, legacy", false, []string{`"legacy"`}},
		{"no frontmatter, the fork's prefix", "amadeus-", "refactor, legacy", false, nil},
		{"really unknown", "amadeus-", "refactor, enterprize", false, []string{`"enterprize"`}},
		{"claim inside the repository (control)", "amadeus-", "claimed", false, nil},
		{"claim through a link out of the repository", "amadeus-", "claimed, claims", true, []string{`"claimed"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := testrepo.New(t)
			repo.Write(map[string]string{"README.md": "x\n"})
			base := repo.Commit("base")
			files := map[string]string{
				"stages/inception/demo.md":         scopedStage(t, tt.scopes),
				"scopes/amadeus-refactor.md":       "---\nname: refactor\n---\n# refactor\n",
				"scopes/amadeus-amadeus-bugfix.md": "---\nname: amadeus-bugfix\n---\n# bugfix\n",
				"scopes/amadeus-legacy.md":         "# legacy, no frontmatter\n",
			}
			if !tt.link {
				files["scopes/amadeus-claims.md"] = "---\nname: claimed\n---\n"
			}
			repo.Write(files)
			if tt.link {
				if err := os.Symlink(outside, filepath.Join(repo.Root, "scopes", "amadeus-claims.md")); err != nil {
					t.Fatal(err)
				}
			}
			repo.Commit("stage")
			cfg := stagesAndRecordsConfig()
			cfg.Stages.Scopes, cfg.Stages.ScopePrefix = "scopes", tt.prefix
			res := runGateWith(t, repo.Root, base, cfg, Options{})
			g, ok := res.Gate(gate.Stages)
			if !ok {
				t.Fatal("no stages gate")
			}
			var got []string
			for _, d := range g.Diagnostics {
				if d.Rule == "stage/unknown-scope" {
					got = append(got, d.Message)
				}
			}
			if len(got) != len(tt.unknown) {
				t.Fatalf("unknown-scope findings %q, want %v (all: %+v)", got, tt.unknown, g.Diagnostics)
			}
			for i, want := range tt.unknown {
				if !strings.Contains(got[i], want) {
					t.Errorf("finding %q does not name %s", got[i], want)
				}
			}
		})
	}
}
