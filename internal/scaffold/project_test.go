package scaffold

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
)

// writeTree writes files (slash paths; a path ending in / is a directory)
// under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		abs := filepath.Join(root, filepath.FromSlash(rel))
		if strings.HasSuffix(rel, "/") {
			if err := os.MkdirAll(abs, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDetectFindsEachProjectKind: each kind's marker gives its suite and
// its conventional test paths, and the configuration init writes from it
// parses with internal/config and says the same. The controls: a
// package.json without a real test script, or one that does not parse,
// gives no suite (with a note); nothing recognisable gives none.
func TestDetectFindsEachProjectKind(t *testing.T) {
	tests := []struct {
		name         string
		files        map[string]string
		kind, suite  string
		governed     []string
		noteContains string
	}{
		{"go", map[string]string{"go.mod": "module x\n"}, "Go module", "go test ./...", []string{"**/*_test.go"}, ""},
		{"go with tests dir", map[string]string{"go.mod": "module x\n", "tests/": ""}, "Go module", "go test ./...", []string{"**/*_test.go", "tests/"}, ""},
		{"pyproject", map[string]string{"pyproject.toml": "[project]\n", "tests/": ""}, "Python project", "pytest", []string{"**/test_*.py", "**/*_test.py", "tests/"}, ""},
		{"setup.cfg", map[string]string{"setup.cfg": "[metadata]\n"}, "Python project", "pytest", []string{"**/test_*.py", "**/*_test.py"}, ""},
		{"pytest.ini", map[string]string{"pytest.ini": "[pytest]\n", "test/": ""}, "Python project", "pytest", []string{"**/test_*.py", "**/*_test.py", "test/"}, ""},
		{"node", map[string]string{"package.json": `{"name":"x","scripts":{"test":"jest"}}`, "__tests__/": ""}, "Node package", "npm test", []string{"**/*.test.js", "**/*.test.ts", "**/*.spec.js", "**/*.spec.ts", "__tests__/"}, ""},
		{"node, npm init's placeholder test", map[string]string{"package.json": `{"scripts":{"test":"echo \"Error: no test specified\" && exit 1"}}`}, "", "", nil, "no test script"},
		{"node without scripts", map[string]string{"package.json": `{"name":"x"}`, "test/": ""}, "", "", []string{"test/"}, "no test script"},
		{"node, package.json broken", map[string]string{"package.json": `{"scripts":`}, "", "", nil, "does not parse"},
		{"node, a key twice", map[string]string{"package.json": `{"scripts":{"test":"jest","test":"true"}}`}, "", "", nil, "does not parse"},
		{"rust", map[string]string{"Cargo.toml": "[package]\n", "tests/": ""}, "Rust crate", "cargo test", []string{"tests/"}, ""},
		{"maven", map[string]string{"pom.xml": "<project/>\n"}, "Maven project", "mvn -q test", []string{"src/test/"}, ""},
		{"gradle", map[string]string{"build.gradle": "\n"}, "Gradle project", "gradle test", []string{"src/test/"}, ""},
		{"gradle kotlin", map[string]string{"build.gradle.kts": "\n", "spec/": ""}, "Gradle project", "gradle test", []string{"src/test/", "spec/"}, ""},
		{"go wins over node", map[string]string{"go.mod": "module x\n", "package.json": `{"scripts":{"test":"jest"}}`}, "Go module", "go test ./...", []string{"**/*_test.go"}, ""},
		{"nothing", map[string]string{"README.md": "x\n"}, "", "", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, tc.files)
			p := Detect(root)
			if p.Kind != tc.kind || p.Suite != tc.suite || !slices.Equal(p.Governed, tc.governed) {
				t.Errorf("detected %q, suite %q, governed %q; want %q, %q, %q", p.Kind, p.Suite, p.Governed, tc.kind, tc.suite, tc.governed)
			}
			if notes := strings.Join(p.Notes, "\n"); (tc.noteContains == "") != (notes == "") || !strings.Contains(notes, tc.noteContains) {
				t.Errorf("notes %q, want one saying %q", notes, tc.noteContains)
			}
			checkConfig(t, p)
		})
	}
}

// checkConfig parses the configuration init writes for p and compares it
// with what was detected.
func checkConfig(t *testing.T, p Project) {
	t.Helper()
	text := ConfigText(p)
	cfg, err := config.Parse(config.DefaultPath, text)
	if err != nil {
		t.Fatalf("the written configuration does not parse: %v\n%s", err, text)
	}
	governed := p.Governed
	if len(governed) == 0 {
		governed = []string{"tests/"}
	}
	if cfg.Revert.Suite != p.Suite || !slices.Equal(cfg.Revert.Governed, governed) || !slices.Equal(cfg.Stories, []string{StoryGlob}) {
		t.Errorf("configuration says suite %q, governed %q, stories %q; detected %q, %q\n%s", cfg.Revert.Suite, cfg.Revert.Governed, cfg.Stories, p.Suite, governed, text)
	}
	if p.Suite == "" && !strings.Contains(string(text), "# suite: ") {
		t.Errorf("no suite, and no comment saying how to set one:\n%s", text)
	}
}

// TestAMarkerLinkedOutOfTheRepositoryIsSkipped: detection reads a marker
// the way every loader does; a link out of the repository is not read.
// The control is the same file, in place.
func TestAMarkerLinkedOutOfTheRepositoryIsSkipped(t *testing.T) {
	outside := t.TempDir()
	writeTree(t, outside, map[string]string{"package.json": `{"scripts":{"test":"jest"}}`})
	for _, linked := range []bool{true, false} {
		root := t.TempDir()
		if linked {
			if err := os.Symlink(filepath.Join(outside, "package.json"), filepath.Join(root, "package.json")); err != nil {
				t.Fatal(err)
			}
		} else {
			writeTree(t, root, map[string]string{"package.json": `{"scripts":{"test":"jest"}}`})
		}
		p := Detect(root)
		if linked != (p.Suite == "") || linked != (len(p.Notes) == 1) {
			t.Errorf("linked %v: suite %q, notes %q", linked, p.Suite, p.Notes)
		}
	}
}
