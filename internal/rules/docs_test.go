package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/rules"
)

const docsPath = "../../docs/rules.md"

// storyDocsEnd is where the story part of docs/rules.md ends; the sections
// after it belong to other rule families and are kept as they are.
const storyDocsEnd = "## Stage rules"

// TestDocsInSync rebuilds the story part of docs/rules.md from the registry
// and the golden fixtures; run with -update to rewrite it.
func TestDocsInSync(t *testing.T) {
	current, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(current)
	rest := ""
	if i := strings.Index(doc, storyDocsEnd); i >= 0 {
		doc, rest = doc[:i], doc[i:]
	}
	want := storyDocs(t)
	if *update {
		if err := os.WriteFile(docsPath, []byte(want+rest), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(want, doc); diff != "" {
		t.Errorf("docs/rules.md is out of date (run go test ./internal/rules -update):\n%s", diff)
	}
}

func storyDocs(t *testing.T) string {
	var b strings.Builder
	b.WriteString(docsIntro)
	all := append(rules.All(), rules.Deferred()...)
	for _, r := range all {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s | %s |\n", r.ID, anchor(r.ID), r.Need, r.Spec, r.Severity, r.Summary)
	}
	for _, r := range all {
		b.WriteString(ruleSection(t, r))
	}
	b.WriteString("\n")
	return b.String()
}

const docsIntro = `# Rules

Every finding storygate reports carries a rule ID. Rule IDs are a public,
stable interface: they appear in annotations, the PR comment, JSON and SARIF
output, and configuration names them to change their severity or turn them
off (` + "`rules:`" + ` in ` + "`.github/storygate.yml`" + `). Every rule of every engine is an
entry of one catalog (` + "`internal/catalog`" + `: its ID, summary, default severity,
spec section and where it is documented); the tables below list exactly its
entries, which ` + "`go test ./internal/catalog`" + ` checks.

## Story rules

Findings about ` + "`enso.story/v1`" + ` story files. "Needs" says what a rule must
have to decide: **file** (the story alone), **set** (every story in the
repository), **base** (the story at the base revision: ` + "`--base REV`" + `; skipped
without one), **pr** (pull request data) or **run** (commands are executed).
Each example below is a fixture under ` + "`internal/rules/testdata/<rule>/`" + `,
followed by exactly what ` + "`storygate validate`" + ` prints for it (run from the
fixture directory; git scenarios are validated with ` + "`--base`" + ` set to their
base commit). This part of the file is generated and checked by
` + "`go test ./internal/rules`" + `.

| rule | needs | spec | severity | what it checks |
|---|---|---|---|---|
`

func anchor(id string) string {
	return strings.NewReplacer("/", "", "-", "-").Replace(id)
}

func ruleSection(t *testing.T, r *rules.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n### `%s`\n\n%s. Needs: %s. Spec: %s. Severity: %s.\n", r.ID, catalog.Sentence(r.Summary), r.Need, r.Spec, r.Severity)
	switch {
	case r.CheckFile == nil && r.CheckSet == nil && r.Need == rules.NeedFile:
		b.WriteString("\nDecided while reading the file, before the rules run; tested in `internal/lint` (its fixtures are whole repositories, a 4 MiB file or a symlink).\n")
	case r.CheckFile == nil && r.CheckSet == nil:
		b.WriteString("\nDecided outside `storygate validate` (by the command that has the pull request or runs the commands); see its documentation.\n")
	default:
		b.WriteString(example(t, r.ID))
	}
	return b.String()
}

var outLine = regexp.MustCompile(`^([^:]+):(\d+):\d+: .*\[([^\]]+)\]$`)

// example shows the lines of the rule's main bad fixture (bad.md or the
// directory bad, else the first bad* by name) around its first finding, and
// the fixture's complete expected output.
func example(t *testing.T, id string) string {
	dir := filepath.Join("testdata", filepath.FromSlash(id))
	entries, _ := os.ReadDir(dir)
	var bad []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "bad") && !strings.HasSuffix(e.Name(), ".out") {
			bad = append(bad, e.Name())
		}
	}
	sort.Slice(bad, func(i, j int) bool { return mainFirst(bad[i], bad[j]) })
	if len(bad) == 0 {
		t.Errorf("rule %s has no bad fixture to document", id)
		return ""
	}
	name := bad[0]
	out, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(name, ".md")+".out"))
	if err != nil {
		t.Errorf("rule %s: %v", id, err)
		return ""
	}
	file, line := firstFinding(string(out), id)
	src := filepath.Join(dir, name)
	if info, err := os.Stat(src); err == nil && info.IsDir() {
		src = filepath.Join(src, scenarioSide(src), file)
	}
	return fmt.Sprintf("\nExample: `internal/rules/%s`%s\nOutput:\n\n```\n%s```\n", filepath.ToSlash(filepath.Join(dir, name)), excerpt(src, line), string(out))
}

func scenarioSide(dir string) string {
	if _, err := os.Stat(filepath.Join(dir, "head")); err == nil {
		return "head"
	}
	return ""
}

func firstFinding(out, id string) (string, int) {
	for _, l := range strings.Split(out, "\n") {
		if m := outLine.FindStringSubmatch(l); m != nil && m[3] == id {
			n, _ := strconv.Atoi(m[2])
			return m[1], n
		}
	}
	return "", 0
}

// excerpt renders lines around line n of a text file as an indented block.
func excerpt(path string, n int) string {
	data, err := os.ReadFile(path)
	if err != nil || n == 0 || strings.ContainsRune(string(data), 0) {
		return " (binary; see the file)\n"
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") // no line after a final newline
	from, to := max(1, n-2), min(len(lines), n+2)
	var b strings.Builder
	fmt.Fprintf(&b, ", lines %d–%d:\n\n", from, to)
	for i := from; i <= to; i++ {
		fmt.Fprintf(&b, "    %4d | %s\n", i, strings.ToValidUTF8(lines[i-1], "\uFFFD"))
	}
	return b.String()
}

// mainFirst orders fixture names with the plain bad.md (or directory bad)
// first, then by name.
func mainFirst(a, b string) bool {
	isMain := func(n string) bool { return n == "bad.md" || n == "bad" }
	if isMain(a) != isMain(b) {
		return isMain(a)
	}
	return a < b
}
