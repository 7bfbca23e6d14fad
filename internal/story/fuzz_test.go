package story

import (
	"os"
	"strings"
	"testing"
)

func seeds(f *testing.F) (template, full string) {
	f.Helper()
	t, err := os.ReadFile("testdata/template.md")
	if err != nil {
		f.Fatal(err)
	}
	u, err := os.ReadFile("testdata/full.md")
	if err != nil {
		f.Fatal(err)
	}
	return string(t), string(u)
}

// exercise walks everything a rule may touch, so a panic anywhere surfaces.
func exercise(t *testing.T, s *Story) {
	t.Helper()
	rows, _ := s.Log()
	for _, r := range rows {
		_ = Token(r.Event.Text)
	}
	for _, d := range s.Decisions() {
		_ = s.EntryText(d.Entry)
	}
	if s.Body != nil {
		for _, sec := range s.Body.Sections {
			_ = s.SectionText(sec)
			for _, e := range sec.Entries() {
				_ = e.Part("Tool Findings")
			}
		}
	}
	if s.Front != nil {
		checkSetScalar(t, s)
	}
}

// checkSetScalar edits state in place and requires the edit to read back.
func checkSetScalar(t *testing.T, s *Story) {
	t.Helper()
	ed := s.Edit()
	if err := ed.SetScalar("state", "planning"); err != nil {
		return
	}
	out, err := ed.Result()
	if err != nil {
		return // refused: the writer noticed it could not edit this layout
	}
	if again := Parse(s.Path, out); again.Front == nil || again.Front.State.Value != "planning" {
		t.Fatalf("state edit accepted but did not read back: %q", out)
	}
}

// FuzzFrontmatter mutates the YAML between the --- lines.
func FuzzFrontmatter(f *testing.F) {
	template, full := seeds(f)
	for _, src := range []string{template, full} {
		end := strings.Index(src[4:], "\n---\n") + 4
		f.Add(src[4:end])
	}
	f.Fuzz(func(t *testing.T, yamlText string) {
		exercise(t, Parse("STORY-001.md", []byte("---\n"+yamlText+"\n---\n\n# STORY-001 x\n")))
	})
}

// FuzzBody mutates the markdown after a valid frontmatter.
func FuzzBody(f *testing.F) {
	template, full := seeds(f)
	for _, src := range []string{template, full} {
		f.Add(src[strings.Index(src[4:], "\n---\n")+9:])
	}
	f.Fuzz(func(t *testing.T, body string) {
		exercise(t, Parse("STORY-001.md", []byte("---\nschema: enso.story/v1\nid: STORY-001\nstate: seeded\n---\n"+body)))
	})
}

// FuzzParse mutates whole files.
func FuzzParse(f *testing.F) {
	template, full := seeds(f)
	f.Add([]byte(template))
	f.Add([]byte(full))
	f.Fuzz(func(t *testing.T, src []byte) {
		exercise(t, Parse("STORY-001.md", src))
	})
}
