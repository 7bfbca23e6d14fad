package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
)

// TestRulesAcceptsEveryCatalogID checks that rules: may name the rule of
// any engine the catalog lists (stage, records, workflow and the rules
// decided by verify, revert-check and the gate, not only the story
// rules), and still refuses an ID the catalog does not know.
func TestRulesAcceptsEveryCatalogID(t *testing.T) {
	root := t.TempDir()
	p := filepath.Join(root, "stories", "STORY-001.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("not a story\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		id      string
		refused bool
	}{
		{"structure/section-order", false},
		{"stage/unknown-key", false},
		{"stage/phase-directory", false},
		{"records/parse", false},
		{"workflow/permissions", false},
		{"verify/evidence-mismatch", false},
		{"revert/may-not-create", false},
		{"hitl/decision-stale", false},
		{"stage/no-such-rule", true},
		{"records/nope", true},
	}
	for _, c := range cases {
		cfg := config.Default()
		cfg.Rules = map[string]string{c.id: "warning"}
		_, err := Run(Options{Target: TargetOf(t, root, "", cfg), Paths: []string{p}})
		refused := err != nil && strings.Contains(err.Error(), "unknown rule ID(s) "+c.id)
		if refused != c.refused {
			t.Errorf("rules: %s: refused = %v (err %v), want %v", c.id, refused, err, c.refused)
		}
	}
}
