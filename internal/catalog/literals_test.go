package catalog_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/catalog"
)

// TestEveryRuleIDLiteralIsInTheCatalog reads storygate's Go source (tests
// aside, which use made-up IDs) and checks that every string literal
// shaped as a rule ID of one of the catalog's families names a catalog
// rule: a rule an engine reports without an entry would have no summary,
// no help and no way to be configured.
func TestEveryRuleIDLiteralIsInTheCatalog(t *testing.T) {
	families := map[string]bool{}
	for _, r := range catalog.All() {
		family, _, _ := strings.Cut(r.ID, "/")
		families[family] = true
	}
	found := 0
	for path, src := range sources(t) {
		for _, m := range idLiteral.FindAllStringSubmatch(src, -1) {
			if families[m[1]] {
				found++
				if id := m[1] + "/" + m[2]; !catalog.Known(id) {
					t.Errorf("%s: %q is not in the rule catalog", path, id)
				}
			}
		}
	}
	if found < 100 {
		t.Errorf("only %d rule ID literals found; is the source where the test looks?", found)
	}
}

// idLiteral is a string literal shaped as a rule ID: family and name.
var idLiteral = regexp.MustCompile(`"([a-z]+)/([a-z0-9]+(?:-[a-z0-9]+)*)"`)

// idConstant declares a name for a rule ID literal; newFinding is a
// finding built with a severity written out, naming its rule by a
// literal or such a name (package-qualified or not).
var (
	idConstant = regexp.MustCompile(`\b([A-Za-z]\w*)\s*=\s*("[a-z]+/[a-z0-9-]+")`)
	newFinding = regexp.MustCompile(`diag\.New\(\s*("[a-z]+/[a-z0-9-]+"|(?:\w+\.)?[A-Za-z]\w*)\s*,\s*diag\.Severity(Error|Warning|Notice)\b`)
)

// TestWrittenOutSeveritiesAreTheDefaults checks that where an engine
// writes a finding's severity out instead of reading the catalog's, it
// writes the rule's default severity, so the catalog and docs/rules.md say
// what the engine does. Rules named by a variable are not followed.
func TestWrittenOutSeveritiesAreTheDefaults(t *testing.T) {
	srcs := sources(t)
	names := map[string]string{}
	for _, src := range srcs {
		for _, m := range idConstant.FindAllStringSubmatch(src, -1) {
			id, _ := strconv.Unquote(m[2])
			if prev, dup := names[m[1]]; dup && prev != id {
				id = "" // two packages use the name for different rules: not followed
			}
			names[m[1]] = id
		}
	}
	checked := 0
	for path, src := range srcs {
		for _, m := range newFinding.FindAllStringSubmatch(src, -1) {
			id, err := strconv.Unquote(m[1])
			if err != nil {
				id = names[m[1][strings.LastIndex(m[1], ".")+1:]] // the name without its package
			}
			r, ok := catalog.Lookup(id)
			if !ok {
				continue
			}
			checked++
			if !strings.EqualFold(r.Severity.String(), m[2]) {
				t.Errorf("%s: %s is reported at severity %s; its catalog default is %s", path, id, strings.ToLower(m[2]), r.Severity)
			}
		}
	}
	if checked < 15 {
		t.Errorf("only %d findings with a written-out severity followed to their rule", checked)
	}
}

// sources reads storygate's Go source, tests aside (they use made-up IDs),
// keyed by path.
func sources(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, top := range []string{"../../internal", "../../cmd"} {
		err := filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			src, err := os.ReadFile(path)
			out[path] = string(src)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}
