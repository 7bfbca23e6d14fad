package catalog

import (
	"regexp"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
)

// idShape is the public shape of a rule ID: family/kebab-name.
var idShape = regexp.MustCompile(`^[a-z]+/[a-z0-9]+(-[a-z0-9]+)*$`)

// familyEngine is the engine each ID family belongs to; a family shared
// by engines (hitl, revert) lists the story engine's members apart.
var familyEngine = map[string][]Engine{
	"stage": {EngineStage}, "records": {EngineRecords}, "workflow": {EngineWorkflow},
	"verify": {EngineVerify}, "hitl": {EngineHITL, EngineStory}, "revert": {EngineRevert, EngineStory},
}

func TestEveryRuleIsWellFormed(t *testing.T) {
	all := All()
	if len(all) < 100 {
		t.Fatalf("only %d rules in the catalog", len(all))
	}
	seen := map[string]bool{}
	for _, r := range all {
		if seen[r.ID] {
			t.Errorf("%s is in the catalog twice", r.ID)
		}
		seen[r.ID] = true
		if !idShape.MatchString(r.ID) {
			t.Errorf("%s: not a family/kebab-case ID", r.ID)
		}
		if strings.TrimSpace(r.Summary) == "" || strings.HasSuffix(r.Summary, ".") || r.Summary != strings.TrimSpace(r.Summary) {
			t.Errorf("%s: summary %q is empty, padded or ends in a period", r.ID, r.Summary)
		}
		if _, err := diag.ParseSeverity(r.Severity.String()); err != nil {
			t.Errorf("%s: %v", r.ID, err)
		}
		family, _, _ := strings.Cut(r.ID, "/")
		if want, ok := familyEngine[family]; ok && !contains(want, r.Engine) {
			t.Errorf("%s: engine %s, want one of %v", r.ID, r.Engine, want)
		}
		storyCatalog := contains([]Engine{EngineStory, EngineHITL, EngineVerify, EngineRevert}, r.Engine)
		if storyCatalog != (r.Need != "") || storyCatalog != (r.Spec != "") {
			t.Errorf("%s: engine %s with need %q and spec %q (a story-catalog rule has both, no other rule either)", r.ID, r.Engine, r.Need, r.Spec)
		}
	}
}

func contains(es []Engine, e Engine) bool {
	for _, x := range es {
		if x == e {
			return true
		}
	}
	return false
}

func TestLookup(t *testing.T) {
	cases := []struct {
		id       string
		known    bool
		engine   Engine
		severity diag.Severity
	}{
		{"scope/out-of-scope", true, EngineStory, diag.SeverityError},
		{"structure/section-order", true, EngineStory, diag.SeverityWarning},
		{"hitl/pending", true, EngineStory, diag.SeverityNotice},
		{"stage/phase-directory", true, EngineStage, diag.SeverityWarning},
		{"stage/unknown-key", true, EngineStage, diag.SeverityError},
		{"records/parse", true, EngineRecords, diag.SeverityError},
		{"verify/evidence-mismatch", true, EngineVerify, diag.SeverityError},
		{"revert/may-not-create", true, EngineStory, diag.SeverityError},
		{"workflow/permissions", true, EngineWorkflow, diag.SeverityError},
		{"stage/nope", false, "", 0},
		{"", false, "", 0},
	}
	for _, c := range cases {
		r, ok := Lookup(c.id)
		if ok != c.known || Known(c.id) != c.known {
			t.Errorf("Lookup(%q) known = %v, Known = %v; want %v", c.id, ok, Known(c.id), c.known)
			continue
		}
		if ok && (r.ID != c.id || r.Engine != c.engine || r.Severity != c.severity) {
			t.Errorf("Lookup(%q) = %s %s %s, want %s %s", c.id, r.ID, r.Engine, r.Severity, c.engine, c.severity)
		}
	}
}

func TestMustPanicsOnAnUnknownID(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Must accepted an ID the catalog does not have")
		}
	}()
	Must("structure/no-such-rule")
}

func TestAllIsACopy(t *testing.T) {
	a := All()
	a[0].Summary = "changed by a caller"
	if All()[0].Summary == a[0].Summary {
		t.Error("a caller's change to All's slice reached the catalog")
	}
}

func TestOfKeepsDocumentationOrder(t *testing.T) {
	var want []string
	for _, r := range All() {
		if r.Engine == EngineVerify || r.Engine == EngineStage {
			want = append(want, r.ID)
		}
	}
	var got []string
	for _, r := range Of(EngineVerify, EngineStage) {
		got = append(got, r.ID)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") || len(got) == 0 {
		t.Errorf("Of(verify, stage) = %v, want %v", got, want)
	}
}

// TestHelpAndDescription checks where each kind of rule is documented and
// how its full description reads.
func TestHelpAndDescription(t *testing.T) {
	cases := []struct{ id, help, description string }{
		{"scope/out-of-scope", "docs/rules.md#scopeout-of-scope", ""},
		{"verify/timeout", "docs/rules.md#verifytimeout", "A verification command ran past its time limit. Needs: run. Spec: —. Default severity: error."},
		{"structure/section-order", "docs/rules.md#structuresection-order", "Required sections appear in the spec's order. Needs: file. Spec: §7. Default severity: warning."},
		{"stage/review-artifact-missing", "docs/rules.md#stagereview-artifact-missing", ""},
		{"records/too-large", "docs/records.md#hostile-input", ""},
		{"workflow/pr-code-with-write", "docs/rules.md#workflowpr-code-with-write", ""},
	}
	for _, c := range cases {
		r := Must(c.id)
		if got := r.Help(); got != c.help {
			t.Errorf("%s: Help() = %q, want %q", c.id, got, c.help)
		}
		if got := r.Description(); c.description != "" && got != c.description {
			t.Errorf("%s: Description() = %q, want %q", c.id, got, c.description)
		}
		if got := r.Description(); (got == "") != (r.Need == "") {
			t.Errorf("%s: Description() = %q with need %q: only a story-catalog rule has one", c.id, got, r.Need)
		}
	}
}
