package catalog_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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
	literal := regexp.MustCompile(`"([a-z]+)/([a-z0-9]+(?:-[a-z0-9]+)*)"`)
	found := 0
	for _, top := range []string{"../../internal", "../../cmd"} {
		err := filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range literal.FindAllStringSubmatch(string(src), -1) {
				if id := m[1] + "/" + m[2]; families[m[1]] {
					found++
					if !catalog.Known(id) {
						t.Errorf("%s: %q is not in the rule catalog", path, id)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if found < 100 {
		t.Errorf("only %d rule ID literals found; is the source where the test looks?", found)
	}
}
