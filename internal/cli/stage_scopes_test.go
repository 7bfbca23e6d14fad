package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStageScopePrefix: a fork's scope files (amadeus-<name>.md) resolve
// by their frontmatter name:, and a frontmatter-less one by --scope-prefix;
// a really unknown scope is still reported, and a prefix no file name could
// start with is a usage error.
func TestStageScopePrefix(t *testing.T) {
	dir := stageTree(t, map[string]string{"inception/alpha.md": strings.Replace(demoStage("alpha"), "requires_stage: []", "requires_stage: []\nscopes: [refactor, legacy]", 1)})
	unknown := stageTree(t, map[string]string{"inception/alpha.md": strings.Replace(demoStage("alpha"), "requires_stage: []", "requires_stage: []\nscopes: [refactor, enterprize]", 1)})
	for _, stages := range []string{dir, unknown} {
		scopes := filepath.Join(filepath.Dir(stages), "scopes")
		if err := os.MkdirAll(scopes, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, content := range map[string]string{"amadeus-refactor.md": "---\nname: refactor\n---\n", "amadeus-legacy.md": "# no frontmatter\n"} {
			if err := os.WriteFile(filepath.Join(scopes, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		name     string
		args     []string
		wantCode int
		want     string // in stdout or stderr
	}{
		{"default prefix", []string{"validate", dir}, ExitFindings, `scopes[1] "legacy" has no scope file`},
		{"the fork's prefix", []string{"validate", "--scope-prefix", "amadeus-", dir}, ExitOK, "no problems found in 1 file"},
		{"really unknown", []string{"validate", "--scope-prefix", "amadeus-", unknown}, ExitFindings, `scopes[1] "enterprize" has no scope file`},
		{"compile with the fork's prefix", []string{"compile", "--scope-prefix", "amadeus-", dir}, ExitOK, `"legacy"`},
		{"prefix without its hyphen", []string{"validate", "--scope-prefix", "amadeus", dir}, ExitUsage, `--scope-prefix "amadeus" is not a file-name prefix`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runStageCmd(tt.args...)
			if code != tt.wantCode || !strings.Contains(out+errOut, tt.want) {
				t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d and %q", code, out, errOut, tt.wantCode, tt.want)
			}
		})
	}
}
