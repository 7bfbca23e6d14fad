package stage

import (
	"strings"
	"testing"
)

const validFront = "---\nslug: demo\nphase: inception\n---\n\n# Demo\n\n## Steps\n"

func TestParseFileProblems(t *testing.T) {
	deep := "---\nslug: " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n---\n"
	bomb := "---\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n---\n"
	tests := []struct {
		name, input, want string
	}{
		{"binary", "---\nslug: a\x00\n---\n", "inception/demo.md:2:8: file is binary (it contains a NUL byte), not a Markdown stage file [stage/file-encoding]"},
		{"invalid utf-8", "---\nslug: \xff\n---\n", "inception/demo.md:2:7: file is not valid UTF-8 [stage/file-encoding]"},
		{"too large", strings.Repeat("x", MaxFileSize+1), "inception/demo.md:1:1: file is 1048577 bytes, larger than the 1048576-byte limit for a stage file [stage/file-encoding]"},
		{"no frontmatter", "# Demo\n", "inception/demo.md:1:1: a stage file must start with a --- YAML frontmatter block [stage/frontmatter-missing]"},
		{"empty file", "", "inception/demo.md:1:1: a stage file must start with a --- YAML frontmatter block [stage/frontmatter-missing]"},
		{"unclosed", "---\nslug: demo\n", "inception/demo.md:1:1: the frontmatter block opened on line 1 is never closed with --- [stage/frontmatter-missing]"},
		{"empty frontmatter", "---\n---\n", "inception/demo.md:1:1: the frontmatter is empty; a stage needs a YAML mapping of its fields [stage/frontmatter-syntax]"},
		{"list frontmatter", "---\n- a\n---\n", "inception/demo.md:2:1: the frontmatter must be a YAML mapping, got a list [stage/frontmatter-syntax]"},
		{"alias bomb", bomb, "inception/demo.md:2:4: stage frontmatter: YAML anchor &a: anchors are refused"},
		{"merge key", "---\nbase: {x: 1}\nslug:\n  <<: {phase: x}\n---\n", "inception/demo.md:4:3: stage frontmatter: YAML merge key <<: merge keys are refused"},
		{"tag", "---\nslug: demo\nphase: !!str inception\n---\n", "inception/demo.md:3:8: stage frontmatter: explicit YAML tag !!str"},
		{"second document", "---\nslug: demo\n--- # a second document\nphase: inception\n---\n", "inception/demo.md:3:1: stage frontmatter: a second YAML document starts here"},
		{"lone CR before a tag", "---\rslug: demo\rphase: !x inception\r---\r", "inception/demo.md:3:8: stage frontmatter: explicit YAML tag !x"},
		{"lone CR before a YAML error", "---\rslug: a\r\tphase: b\r---\r", "inception/demo.md:3:1: invalid YAML in frontmatter: found a tab character"},
		{"NUL after a lone CR", "---\rslug: a\x00\r---\r", "inception/demo.md:2:8: file is binary"},
		{"tab indentation", "---\nslug: a\n\tphase: b\n---\n", "inception/demo.md:3:1: invalid YAML in frontmatter: found a tab character that violates indentation [stage/frontmatter-syntax]"},
		{"deep nesting", deep, "[stage/frontmatter-syntax]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, ds := ParseFile("inception/demo.md", []byte(tt.input))
			if len(ds) != 1 || !strings.Contains(ds[0].String(), tt.want) {
				t.Fatalf("got %v, want one diagnostic containing %q", ds, tt.want)
			}
			if f.Parsed() {
				t.Error("a file with a parse problem must be left unparsed")
			}
		})
	}
}

func TestParseFileAcceptsBOMAndCRLF(t *testing.T) {
	input := "\uFEFF" + strings.ReplaceAll(validFront, "\n", "\r\n")
	f, ds := ParseFile("inception/demo.md", []byte(input))
	if len(ds) != 0 || !f.Parsed() {
		t.Fatalf("BOM + CRLF: got %v", ds)
	}
	if got := f.Pos(f.Get("phase")); got.Line != 3 || got.Column != 8 {
		t.Errorf("phase position = %+v, want 3:8", got)
	}
	if len(f.Headings) != 2 || f.Headings[1].Text != "Steps" || f.Headings[1].Line != 8 {
		t.Errorf("headings = %+v", f.Headings)
	}
}

func TestScanHeadings(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		want  []string
		lines []int
	}{
		{"plain", "# T\n## Steps\n### Step 1\n", []string{"1:T", "2:Steps", "3:Step 1"}, []int{10, 11, 12}},
		{"backtick fence", "## Steps\n```md\n## Learn\n```\n## Sensors\n", []string{"2:Steps", "2:Sensors"}, []int{10, 14}},
		{"longer fence", "````\n```\n## Learn\n````\n", nil, nil},
		{"tilde fence", "~~~\n## Learn\n~~~\n## Learn\n", []string{"2:Learn"}, []int{13}},
		{"closing hashes", "## Steps ##\n", []string{"2:Steps"}, []int{10}},
		{"not a heading", "#Steps\n    ## indented code\n####### seven\n", nil, nil},
		{"three-space indent", "   ## Steps\n", []string{"2:Steps"}, []int{10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hs := scanHeadings(strings.Split(tt.body, "\n"), 10)
			var got []string
			for i, h := range hs {
				got = append(got, itoa(h.Level)+":"+h.Text)
				if h.Line != tt.lines[i] {
					t.Errorf("heading %q on line %d, want %d", h.Text, h.Line, tt.lines[i])
				}
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
