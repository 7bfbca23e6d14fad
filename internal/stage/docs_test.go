package stage

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// rulesDoc is the shared rule catalog; this package owns only the section
// from stageRulesHeading to nextRulesHeading (package catalog's), or to
// the end of the file.
const (
	rulesDoc          = "../../docs/rules.md"
	stageRulesHeading = "## Stage rules"
	nextRulesHeading  = "## Record-file rules"
)

const stageRulesIntro = `Findings of ` + "`storygate stage validate`" + ` and ` + "`storygate stage compile`" + ` about AI-DLC
stage files (` + "`<phase>/<slug>.md`" + `). Fields follow the stage field reference; see
[stages.md](stages.md) for how the rules read the spec where it is silent.
Every rule is an ` + "`error`" + ` unless marked (warning). Agents and scopes are resolved
only when an agents (scopes) directory is given or found beside the stage
directory. Each example below is the fixture under
` + "`internal/stage/testdata/rules/<rule>/`" + ` (validated with the fixture agents and scopes),
followed by exactly what ` + "`storygate stage validate`" + ` prints for it, run from the
fixture directory.
`

// TestStageRulesDocInSync regenerates the "## Stage rules" section from the
// registry and the rule fixtures and compares it with docs/rules.md; with
// -update it rewrites only that section.
func TestStageRulesDocInSync(t *testing.T) {
	data, err := os.ReadFile(rulesDoc)
	if err != nil && !*update {
		t.Fatalf("read %s: %v", rulesDoc, err)
	}
	above, documented, below := splitAtHeading(string(data))
	want := stageRulesSection(t)
	if *update {
		if err := os.WriteFile(rulesDoc, []byte(above+want+below), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if d := UnifiedDiff(rulesDoc, "generated", []byte(documented), []byte(want)); d != "" {
		t.Errorf("docs/rules.md %q section is out of date (go test ./internal/stage -run DocInSync -update):\n%s", stageRulesHeading, d)
	}
}

func TestEveryRuleDocumented(t *testing.T) {
	data, err := os.ReadFile(rulesDoc)
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := splitAtHeading(string(data))
	for _, r := range Rules() {
		if !strings.Contains(section, "### `"+r.ID+"`") {
			t.Errorf("%s is not documented in docs/rules.md under %q", r.ID, stageRulesHeading)
		}
	}
}

// splitAtHeading splits the doc into what precedes the stage section (left
// untouched, ending with a blank line), the section itself, and what
// follows it from the blank line before nextRulesHeading (left untouched).
func splitAtHeading(doc string) (string, string, string) {
	i := strings.Index(doc, "\n"+stageRulesHeading+"\n")
	switch {
	case strings.HasPrefix(doc, stageRulesHeading+"\n"):
		i = -1
	case i < 0:
		if doc != "" && !strings.HasSuffix(doc, "\n\n") {
			doc = strings.TrimRight(doc, "\n") + "\n\n"
		}
		return doc, "", ""
	}
	above, section := doc[:i+1], doc[i+1:]
	if j := strings.Index(section, "\n\n"+nextRulesHeading+"\n"); j >= 0 {
		return above, section[:j+1], section[j+1:]
	}
	return above, section, ""
}

func stageRulesSection(t *testing.T) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s\n\n%s\n| rule | severity | what it checks |\n|---|---|---|\n", stageRulesHeading, stageRulesIntro)
	for _, r := range Rules() {
		fmt.Fprintf(&sb, "| [`%s`](#%s) | %s | %s |\n", r.ID, anchor(r.ID), r.Severity, mdEscape(r.Summary))
	}
	for _, r := range Rules() {
		writeRuleExample(t, &sb, r)
	}
	return sb.String()
}

// anchor is GitHub's heading anchor for "### `stage/x-y`".
func anchor(id string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' {
			return r
		}
		return -1
	}, id)
}

func writeRuleExample(t *testing.T, sb *strings.Builder, r Rule) {
	dir := filepath.Join("testdata", "rules", fixtureName(r.ID))
	fmt.Fprintf(sb, "\n### `%s`\n\n%s.\n", r.ID, mdEscape(strings.TrimSuffix(r.Summary, ".")))
	fsys := os.DirFS(dir)
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, _ := fs.ReadFile(fsys, p)
		fmt.Fprintf(sb, "\n`%s`:\n\n````markdown\n%s````\n", path.Clean(p), printable(string(data)))
		return nil
	})
	if err != nil {
		t.Fatalf("read fixture %s: %v", dir, err)
	}
	fmt.Fprintf(sb, "\nOutput:\n\n```text\n%s```\n", textReport(t, loadFixture(t, fsys)))
}

// mdEscape keeps a summary's | and <…> from being read as table cells or HTML.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;").Replace(s)
}

// printable shows control bytes (a NUL in the encoding example) escaped.
func printable(s string) string {
	var sb strings.Builder
	for _, r := range s {
		if r != '\n' && r != '\t' && unicode.IsControl(r) {
			sb.WriteString(strings.Trim(strconv.QuoteRune(r), "'"))
			continue
		}
		sb.WriteRune(r)
	}
	return sb.String()
}
