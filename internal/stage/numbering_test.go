package stage

import (
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// hostWithPlugin merges the realistic host set (testdata/stages) with the
// audit plugin's stages (testdata/plugin) into one stage tree.
func hostWithPlugin(t *testing.T) fs.FS {
	t.Helper()
	merged := fstest.MapFS{}
	for _, dir := range []string{stageSetDir, "testdata/plugin"} {
		err := fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(os.DirFS(dir), p)
			merged[p] = &fstest.MapFile{Data: data}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return merged
}

// ordersOf compiles fsys and returns each stage's display order, and the
// same for the host stages (no plugin:) alone.
func ordersOf(t *testing.T, fsys fs.FS) (all, host map[string]string) {
	t.Helper()
	g, ds := Compile(loadFixture(t, fsys))
	if g == nil {
		t.Fatalf("compile failed: %v", ds)
	}
	all, host = map[string]string{}, map[string]string{}
	for _, n := range g.Stages {
		all[n.Slug] = n.DisplayOrder
		if n.Plugin == "" {
			host[n.Slug] = n.DisplayOrder
		}
	}
	return all, host
}

// TestPluginStagesAppendAfterTheHost: with the audit plugin composed in,
// every host stage keeps the number the set without it gives, and the
// plugin stages (the audit plugin's and the host set's own ops-pro stage)
// follow in each phase in the order derived by hand from the reference
// engine's seeding rule (docs/stages.md, "Plugin stages and number:
// hints").
func TestPluginStagesAppendAfterTheHost(t *testing.T) {
	before, host := ordersOf(t, os.DirFS(stageSetDir))
	got, _ := ordersOf(t, hostWithPlugin(t))
	for slug, want := range host {
		if got[slug] != want {
			t.Errorf("host stage %s is %s with the plugin, %s without", slug, got[slug], want)
		}
	}
	derived := map[string]string{
		"audit-load-tests":     "3.7",  // ready at once, hint 20
		"audit-contract-tests": "3.8",  // ready at once, hint 85
		"audit-smoke-tests":    "3.9",  // hint 10, but waits for audit-contract-tests
		"audit-a11y-review":    "3.10", // no hint: after every hinted stage
		"audit-release-gate":   "4.2",  // hint 45: before ops-pro's hint 50
		"observability-setup":  "4.3",  // ops-pro, hint 50 (4.2 without the audit plugin)
	}
	for slug, want := range derived {
		if got[slug] != want {
			t.Errorf("plugin stage %s is %s, the reference engine gives %s", slug, got[slug], want)
		}
	}
	if len(got) != len(host)+len(derived) || before["observability-setup"] != "4.2" {
		t.Errorf("%d stages compiled, want %d; observability-setup alone is %s, want 4.2", len(got), len(host)+len(derived), before["observability-setup"])
	}
}

// TestNumberHintOrdersOnlyPluginStages: the same number: hints on host
// stages (no plugin:) change nothing; host ties break by slug alone, as
// the spec's computed-field table says.
func TestNumberHintOrdersOnlyPluginStages(t *testing.T) {
	stageFile := func(slug, number, plugin string) string {
		owner := ""
		if plugin != "" {
			owner = "\nplugin: " + plugin
		}
		return strings.NewReplacer("slug: demo", "slug: "+slug+"\nnumber: \""+number+"\""+owner,
			"  - requirements", "  - "+slug+"-out").Replace(base)
	}
	tests := []struct {
		name   string
		plugin string
		want   map[string]string
	}{
		{"host stages: slug order", "", map[string]string{"ab-first": "2.1", "ab-second": "2.2"}},
		{"plugin stages: hint order", "ab", map[string]string{"ab-first": "2.2", "ab-second": "2.1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"inception/ab-first.md":  {Data: []byte(stageFile("ab-first", "2.9", tt.plugin))},
				"inception/ab-second.md": {Data: []byte(stageFile("ab-second", "2.1", tt.plugin))},
			}
			got, _ := ordersOf(t, fsys)
			for slug, want := range tt.want {
				if got[slug] != want {
					t.Errorf("%s is %s, want %s", slug, got[slug], want)
				}
			}
		})
	}
}
