package stage

import (
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"gopkg.in/yaml.v3"
)

const stageSetDir = "testdata/stages"

func compileFS(t *testing.T, fsys fs.FS) []byte {
	t.Helper()
	g, ds := Compile(loadFixture(t, fsys))
	if g == nil {
		t.Fatalf("compile failed: %v", ds)
	}
	data, err := Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestStageSetValidatesClean(t *testing.T) {
	got := textReport(t, loadFixture(t, os.DirFS(stageSetDir)))
	if want := "no problems found in 18 files\n"; got != want {
		t.Errorf("realistic stage set: got\n%s\nwant %q", got, want)
	}
}

func TestStageSetCompilesToGolden(t *testing.T) {
	golden(t, "testdata/stage-graph.json", compileFS(t, os.DirFS(stageSetDir)))
}

func TestCompileIsByteIdentical(t *testing.T) {
	a, b := compileFS(t, os.DirFS(stageSetDir)), compileFS(t, os.DirFS(stageSetDir))
	if string(a) != string(b) {
		t.Errorf("two compiles differ:\n%s", UnifiedDiff("first", "second", a, b))
	}
}

// TestCompileIgnoresLayout moves every stage to a flat directory with
// shuffled names, and lists directories in reverse order.
func TestCompileIgnoresLayout(t *testing.T) {
	want := compileFS(t, os.DirFS(stageSetDir))
	flat := fstest.MapFS{}
	for i, p := range stagePaths(t) {
		data, _ := fs.ReadFile(os.DirFS(stageSetDir), p)
		flat[path.Join("all", string(rune('z'-i)), path.Base(p))] = &fstest.MapFile{Data: data}
	}
	for name, fsys := range map[string]fs.FS{"flat": flat, "reversed": reversedFS{os.DirFS(stageSetDir)}} {
		if got := compileFS(t, fsys); string(got) != string(want) {
			t.Errorf("%s layout changes the graph:\n%s", name, UnifiedDiff("want", "got", want, got))
		}
	}
}

// TestCompileIgnoresMapKeyOrder reverses the key order of every mapping in
// every frontmatter; the compiled bytes must not change.
func TestCompileIgnoresMapKeyOrder(t *testing.T) {
	want := compileFS(t, os.DirFS(stageSetDir))
	shuffled := fstest.MapFS{}
	for _, p := range stagePaths(t) {
		data, _ := fs.ReadFile(os.DirFS(stageSetDir), p)
		shuffled[p] = &fstest.MapFile{Data: reverseFrontmatterKeys(t, data)}
	}
	if got := compileFS(t, shuffled); string(got) != string(want) {
		t.Errorf("reordered keys change the graph:\n%s", UnifiedDiff("want", "got", want, got))
	}
}

func stagePaths(t *testing.T) []string {
	t.Helper()
	var out []string
	err := fs.WalkDir(os.DirFS(stageSetDir), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Base(p) != "README.md" {
			out = append(out, p)
		}
		return err
	})
	if err != nil || len(out) == 0 {
		t.Fatalf("list stage set: %v (%d files)", err, len(out))
	}
	return out
}

func reverseFrontmatterKeys(t *testing.T, data []byte) []byte {
	t.Helper()
	parts := strings.SplitN(string(data), "---\n", 3)
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(parts[1]), &doc); err != nil {
		t.Fatal(err)
	}
	reverseMappings(doc.Content[0])
	out, err := yaml.Marshal(doc.Content[0])
	if err != nil {
		t.Fatal(err)
	}
	return []byte("---\n" + string(out) + "---\n" + parts[2])
}

func reverseMappings(n *yaml.Node) {
	if n.Kind == yaml.MappingNode {
		c := n.Content
		for i, j := 0, len(c)-2; i < j; i, j = i+2, j-2 {
			c[i], c[i+1], c[j], c[j+1] = c[j], c[j+1], c[i], c[i+1]
		}
	}
	for _, ch := range n.Content {
		reverseMappings(ch)
	}
}

// reversedFS lists every directory in reverse order, as a file system with
// no ordering guarantee might.
type reversedFS struct{ fs.FS }

func (r reversedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(r.FS, name)
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() > entries[j].Name() })
	return entries, err
}
