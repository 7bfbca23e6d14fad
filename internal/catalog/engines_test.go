package catalog_test

import (
	"testing"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/hitl"
	"github.com/storygate/storygate/internal/records"
	"github.com/storygate/storygate/internal/revert"
	"github.com/storygate/storygate/internal/verify"
	"github.com/storygate/storygate/internal/workflows"
)

// TestEngineRuleIDsAreInTheCatalog checks that every rule ID the engines
// without a rule table of their own report is the catalog's, as the
// engine's, so what it is is read from there.
func TestEngineRuleIDsAreInTheCatalog(t *testing.T) {
	cases := []struct {
		engine catalog.Engine
		ids    []string
	}{
		{catalog.EngineHITL, []string{hitl.RuleID, hitl.StaleRuleID, hitl.LocalRuleID}},
		{catalog.EngineVerify, []string{verify.RuleFailed, verify.RuleMismatch, verify.RuleTimeout, verify.RuleAcceptedWorkBroken}},
		{catalog.EngineRevert, []string{revert.RuleNotLoadBearing, revert.RuleCouldNotRun, revert.RuleUndecided, revert.RuleRuled, revert.RuleNoSuite}},
		{catalog.EngineStory, []string{revert.RuleMayNotCreate}}, // the story rules' too; one entry
		{catalog.EngineRecords, []string{records.RuleParse, records.RuleEncoding, records.RuleTooLarge, records.RuleEmpty,
			records.RuleDuplicate, records.RuleTooDeep, records.RuleRead, records.RuleSchema, records.RuleUnrelated}},
		{catalog.EngineWorkflow, []string{workflows.RulePersistCredentials, workflows.RulePermissions, workflows.RulePermissionWhy,
			workflows.RulePRCodeWithWrite, workflows.RuleRepoCodeWithWrite, workflows.RuleTokenOnCommandLine, workflows.RuleUploadMayBeEmpty}},
	}
	for _, c := range cases {
		for _, id := range c.ids {
			if r, ok := catalog.Lookup(id); !ok || r.Engine != c.engine {
				t.Errorf("%s: in the catalog %v, engine %q; want %q", id, ok, r.Engine, c.engine)
			}
		}
		if got, want := len(c.ids), len(catalog.Of(c.engine)); c.engine != catalog.EngineStory && got != want {
			t.Errorf("engine %s reports %d rules, the catalog lists %d", c.engine, got, want)
		}
	}
}
