package rules_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/rules"
)

// TestRulesAreTheStoryCatalog checks that the rules with checks and the
// deferred ones are exactly the catalog's story part, in its order, so no
// catalog entry lacks the engine that decides it.
func TestRulesAreTheStoryCatalog(t *testing.T) {
	var got, want []string
	for _, r := range append(rules.All(), rules.Deferred()...) {
		got = append(got, r.ID)
	}
	for _, r := range catalog.Of(catalog.EngineStory, catalog.EngineHITL, catalog.EngineVerify, catalog.EngineRevert) {
		want = append(want, r.ID)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rules.All and Deferred differ from the catalog (-catalog +rules):\n%s", diff)
	}
	for _, r := range rules.All() {
		if r.Engine != catalog.EngineStory {
			t.Errorf("%s has checks in package rules but is the %s engine's in the catalog", r.ID, r.Engine)
		}
	}
}
