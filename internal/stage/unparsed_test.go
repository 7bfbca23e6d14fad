package stage

import (
	"os"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/storygate/storygate/internal/diag"
)

// amadeusSet is the shape of the amadeus fork: nfr-design produces what
// two other stages require and consume. Each case edits it.
func amadeusSet(t *testing.T, edit func(files map[string]string)) []diag.Diagnostic {
	t.Helper()
	dir := "testdata/rules/not-checked"
	files := map[string]string{}
	for _, name := range []string{"nfr-design", "infrastructure-design", "code-generation"} {
		p := path.Join("construction", name+".md")
		data, err := os.ReadFile(path.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		files[p] = string(data)
	}
	// The fixture's nfr-design is the broken one; the cases start parsable.
	files["construction/nfr-design.md"] = strings.Replace(files["construction/nfr-design.md"], `outputs: "the NFR design plan`, `outputs: "the NFR design plan"`, 1)
	edit(files)
	fsys := fstest.MapFS{}
	for p, c := range files {
		fsys[p] = &fstest.MapFile{Data: []byte(c)}
	}
	return Check(loadFixture(t, fsys))
}

// TestOneUnparsableStageIsOneFinding: a stage that exists but does not parse
// is reported once; unknown-stage, missing-producer and for-each-producer
// skip it with one stage/not-checked notice instead of false errors in the
// stages that name it. The controls: the same set parsable has no finding,
// and a stage that does not exist, or a typo beside the broken file, is
// still reported (issue 28).
func TestOneUnparsableStageIsOneFinding(t *testing.T) {
	t.Parallel()
	breakYAML := func(files map[string]string) {
		files["construction/nfr-design.md"] = strings.Replace(files["construction/nfr-design.md"], "produces: [nfr-design-plan]", "produces: [nfr-design-plan", 1)
	}
	for _, c := range []struct {
		name string
		edit func(map[string]string)
		want []string // rule IDs with severity, in order of Check
	}{
		{"parsable", func(map[string]string) {}, nil},
		{"one yaml error", breakYAML, []string{"error stage/frontmatter-syntax", "notice stage/not-checked"}},
		{"a missing frontmatter", func(f map[string]string) {
			f["construction/nfr-design.md"] = "# nfr-design\n\nno frontmatter\n"
		}, []string{"error stage/frontmatter-missing", "notice stage/not-checked"}},
		{"the stage does not exist", func(f map[string]string) { delete(f, "construction/nfr-design.md") },
			[]string{"error stage/missing-producer", "error stage/missing-producer", "error stage/unknown-stage", "error stage/unknown-stage"}},
		{"a typo beside the broken file", func(f map[string]string) {
			breakYAML(f)
			f["construction/code-generation.md"] = strings.Replace(f["construction/code-generation.md"], "requires_stage: [nfr-design,", "requires_stage: [nfr-desing,", 1)
		}, []string{"error stage/frontmatter-syntax", "notice stage/not-checked", "error stage/unknown-stage"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, d := range amadeusSet(t, c.edit) {
				got = append(got, d.Severity.String()+" "+d.Rule)
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}
