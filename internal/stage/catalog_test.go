package stage

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/catalog"
)

// TestRulesAreTheStageCatalog checks that the explicit rule list is
// exactly the catalog's stage rules, sorted by ID, and that every rule a
// check decides has one.
func TestRulesAreTheStageCatalog(t *testing.T) {
	var got, want []string
	for _, r := range Rules() {
		got = append(got, r.ID)
		parsed := r.ID == ruleFileEncoding || r.ID == ruleFrontmatterMissing || r.ID == ruleFrontmatterSyntax
		if (r.file == nil && r.set == nil) != parsed {
			t.Errorf("%s: has a check %v, want %v (only the parser's rules have none)", r.ID, !parsed, parsed)
		}
	}
	for _, r := range catalog.Of(catalog.EngineStage) {
		want = append(want, r.ID)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stage rules differ from the catalog (-catalog +stage):\n%s", diff)
	}
}
