package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/findings"
)

func write(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// runOn validates one file under root and returns the rule IDs found.
func runOn(t *testing.T, root string, paths ...string) []diag.Diagnostic {
	t.Helper()
	done := make(chan struct{})
	var res *Result
	var err error
	go func() {
		defer close(done)
		res, err = Run(Options{Target: TargetOf(t, root, "", nil), Paths: paths})
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("validation hung")
	}
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return findings.New(findings.Options{Config: config.Default()}).Run(res.Diagnostics).Judged
}

func rulesOf(ds []diag.Diagnostic) string {
	var ids []string
	for _, d := range ds {
		ids = append(ids, d.Rule)
	}
	return strings.Join(ids, " ")
}

const minimalHead = "---\nschema: enso.story/v1\nid: STORY-001\n"

// TestBadInputs feeds hostile files and expects a named diagnostic, no panic, no hang.
func TestBadInputs(t *testing.T) {
	deepYAML := minimalHead + "title: " + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "\n---\n"
	deepMD := "---\nschema: enso.story/v1\nid: X\n---\n" + strings.Repeat(">", 10000) + " deep\n" + strings.Repeat("- ", 5000) + "x\n"
	bomb := minimalHead + "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n" +
		"b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n" +
		"e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n" +
		"acceptance_criteria: *g\nverification: *g\nscope: *g\n---\n"
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"binary", []byte("\x7fELF\x02\x01\x01\x00\x00\x00binary"), "structure/not-text"},
		{"invalid utf8", []byte("---\nid: \xff\xfe\n---\n"), "structure/not-text"},
		{"ten megabytes", []byte(minimalHead + strings.Repeat("x", 10<<20)), "structure/too-large"},
		{"yaml deep nesting", []byte(deepYAML), "structure/frontmatter-syntax"},
		{"markdown deep nesting", []byte(deepMD), "structure/required-field"},
		{"alias bomb", []byte(bomb), "structure/frontmatter-syntax"},
		{"empty file", nil, "structure/not-a-story"}, // neither frontmatter nor v1 sections
		{"only dashes", []byte("---\n"), "structure/frontmatter-syntax"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			p := write(t, root, "STORY-001.md", c.data)
			ds := runOn(t, root, p)
			if !strings.Contains(rulesOf(ds), c.want) {
				t.Errorf("got rules %q, want %s", rulesOf(ds), c.want)
			}
		})
	}
}

func TestSymlinkOutsideRepository(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	target := write(t, outside, "secret.md", []byte("---\nid: X\n---\n"))
	link := filepath.Join(root, "stories", "STORY-001.md")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlinks unsupported: %v", err)
	}
	ds := runOn(t, root, link)
	if len(ds) != 1 || ds[0].Rule != "input/outside-repository" || ds[0].File != "stories/STORY-001.md" {
		t.Fatalf("got %v, want one input/outside-repository finding on the link", ds)
	}
	ds = runOn(t, root)
	if !strings.Contains(rulesOf(ds), "input/outside-repository") {
		t.Errorf("glob discovery followed the link silently: %v", ds)
	}
}

func TestDirectoryDiscoverySkipsNonStories(t *testing.T) {
	root := t.TempDir()
	write(t, root, "stories/README.md", []byte("# Stories\n"))
	write(t, root, "stories/notes.md", []byte("---\ntitle: notes\n---\n"))
	write(t, root, "stories/feature.md", []byte("---\nschema: enso.story/v1\n---\n"))
	write(t, root, "stories/STORY-002.md", []byte("no frontmatter\n"))
	write(t, root, "stories/testdata/STORY-009.md", []byte("---\nschema: enso.story/v1\n---\n"))
	got, err := FindStories(root, []string{filepath.Join(root, "stories")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ",") != "stories/STORY-002.md,stories/feature.md" {
		t.Errorf("FindStories = %v", got)
	}
	all, err := FindStories(root, nil, []string{"**/STORY-*.md"})
	if err != nil || strings.Join(all, ",") != "stories/STORY-002.md" {
		t.Errorf("glob discovery = %v, %v; fixtures under testdata must be left out", all, err)
	}
	if _, err := FindStories(root, []string{"/"}, nil); err == nil {
		t.Error("a path outside the repository was accepted")
	}
}

func TestSeverityOverridesAndOff(t *testing.T) {
	root := t.TempDir()
	p := write(t, root, "STORY-001.md", []byte(minimalHead+"---\n"))
	cfg := config.Default()
	cfg.Rules = map[string]string{"structure/required-section": "off", "structure/required-field": "warning"}
	res, err := Run(Options{Target: TargetOf(t, root, "", cfg), Paths: []string{p}})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range findings.New(findings.Options{Config: cfg}).Run(res.Diagnostics).Judged {
		if d.Rule == "structure/required-section" {
			t.Errorf("rule turned off still reported: %s", d)
		}
		if d.Rule == "structure/required-field" && d.Severity != diag.SeverityWarning {
			t.Errorf("severity override ignored: %s is %s", d.Rule, d.Severity)
		}
	}
	cfg.Rules = map[string]string{"no/such-rule": "off"}
	if _, err := Run(Options{Target: TargetOf(t, root, "", cfg), Paths: []string{p}}); err == nil || !strings.Contains(err.Error(), "no/such-rule") {
		t.Errorf("unknown rule ID accepted: %v", err)
	}
}

// TestOneWalkFindsWhatTwoWalksFind checks the single-walk discovery against
// the general one on a tree with stories inside and outside the named paths.
func TestOneWalkFindsWhatTwoWalksFind(t *testing.T) {
	root := t.TempDir()
	story := []byte("---\nschema: enso.story/v1\n---\n")
	for _, p := range []string{"stories/STORY-001.md", "stories/a/STORY-002.md", "stories/a/notes.md", "stories/a/feature.md",
		"other/STORY-003.md", "other/x.md", "testdata/STORY-004.md", "stories/testdata/STORY-005.md", "STORY-006.md"} {
		write(t, root, p, story)
	}
	globs := []string{"**/STORY-*.md", "stories/**/*.md"}
	cases := [][]string{
		{filepath.Join(root, "stories")},
		{filepath.Join(root, "stories", "a"), filepath.Join(root, "other", "x.md")},
		{root},
		{filepath.Join(root, "testdata")},
	}
	for _, paths := range cases {
		t1, s1, err1 := discover(root, paths, globs)
		t2, s2, err2 := discoverTwice(root, paths, globs)
		if err1 != nil || err2 != nil || strings.Join(t1, ",") != strings.Join(t2, ",") || strings.Join(s1, ",") != strings.Join(s2, ",") {
			t.Errorf("paths %v:\n one walk  %v / %v (%v)\n two walks %v / %v (%v)", paths, t1, s1, err1, t2, s2, err2)
		}
	}
}
