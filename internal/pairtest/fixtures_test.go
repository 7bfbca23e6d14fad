package pairtest

import (
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// fixtureCategories are the rule families whose base/head fixtures are
// attacks (bad*) and their honest twins (ok*) the pair must agree on.
func fixtureCategories() []string {
	return []string{"scope", "freeze", "authority", "transition", "revert"}
}

// fixture is one base/head scenario of internal/rules/testdata.
type fixture struct {
	// name is <family>/<rule>/<case>.
	name string
	dir  string
	bad  bool
	// clean: the golden output next to it reports no problems.
	clean bool
}

// rule is the rule the fixture is for: <family>/<rule>.
func (f fixture) rule() string { return path.Dir(f.name) }

// findFixtures lists every base/head fixture of the categories, read from
// the repository at test time.
func findFixtures(t *testing.T, moduleRoot string) []fixture {
	t.Helper()
	testdata := filepath.Join(moduleRoot, "internal", "rules", "testdata")
	var out []fixture
	for _, family := range fixtureCategories() {
		dirs, err := filepath.Glob(filepath.Join(testdata, family, "*", "*", "base"))
		if err != nil {
			t.Fatal(err)
		}
		for _, base := range dirs {
			dir := filepath.Dir(base)
			name := filepath.Base(dir)
			if !strings.HasPrefix(name, "bad") && !strings.HasPrefix(name, "ok") {
				continue
			}
			golden, err := os.ReadFile(dir + ".out")
			if err != nil {
				t.Fatalf("fixture %s has no golden output: %v", dir, err)
			}
			rel, _ := filepath.Rel(testdata, dir)
			out = append(out, fixture{name: filepath.ToSlash(rel), dir: dir, bad: strings.HasPrefix(name, "bad"),
				clean: strings.HasPrefix(string(golden), "no problems found")})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	if len(out) == 0 {
		t.Fatal("no fixtures found")
	}
	return out
}

// commitFixture commits the fixture's base tree and, on top of it, its
// head tree, returning both commits.
func (p *pair) commitFixture(f fixture) (base, head string) {
	p.t.Helper()
	base = p.origin.commitTree(filepath.Join(f.dir, "base"), "base")
	head = p.origin.commitTree(filepath.Join(f.dir, "head"), "head")
	return base, head
}
