package stage

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

func compiledStageSet(t *testing.T) *Graph {
	t.Helper()
	g, err := ReadGraph(compileFS(t, os.DirFS(stageSetDir)))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestDescribeChangeGolden(t *testing.T) {
	base, head := compiledStageSet(t), compiledStageSet(t)
	var kept []Node
	for _, n := range head.Stages {
		switch n.Slug {
		case "code-generation":
			n.Mode = "inline"
			n.Produces = append(n.Produces, "source-manifest")
		case "nfr-design":
			continue // removed
		}
		kept = append(kept, n)
	}
	kept = append(kept, Node{Slug: "security-review", Phase: "construction", DisplayOrder: "3.7",
		RequiresStage: []string{"code-generation", "requirements-analysis"}})
	head.Stages = kept
	golden(t, "testdata/changes.md", []byte(DescribeChange(base, head)))
}

func TestDescribeChange(t *testing.T) {
	g := compiledStageSet(t)
	tests := []struct {
		name       string
		base, head *Graph
		want       []string
	}{
		{"no change", g, g, nil},
		{"new stage set", nil, g, []string{"- added `workspace-detection` (initialization)", "**operation**", "```mermaid"}},
		{"removed stage set", g, &Graph{}, []string{"- removed `workspace-detection` (initialization)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := DescribeChange(tt.base, tt.head)
			if tt.want == nil && got != "" {
				t.Fatalf("want no output, got:\n%s", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("output lacks %q:\n%s", w, got)
				}
			}
		})
	}
}

func TestMermaidID(t *testing.T) {
	for in, want := range map[string]string{"code-generation": "s_code_generation", "a.b c": "s_a_b_c", "x9": "s_x9"} {
		if got := mermaidID(in); got != want {
			t.Errorf("mermaidID(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestShowPairKeepsTheDifferenceInView is the diff truncation of issue 28:
// two long values that differ past the width were cut at the same prefix
// and looked identical.
func TestShowPairKeepsTheDifferenceInView(t *testing.T) {
	long := strings.Repeat("a", 200)
	tests := []struct {
		name                  string
		base, head            string
		wantBefore, wantAfter string
		differ                bool
	}{
		{"short values are shown whole", `"x"`, `"y"`, "`\"x\"`", "`\"y\"`", true},
		{"a change past the width", `"` + long + `b"`, `"` + long + `c"`, "", "", true},
		{"a change at the start", `"b` + long + `"`, `"c` + long + `"`, "", "", true},
		{"a value grown at its end", `"` + long + `"`, `"` + long + `tail"`, "", "", true},
		{"multi-byte runes are never split", `"` + strings.Repeat("é", 200) + `x"`, `"` + strings.Repeat("é", 200) + `y"`, "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, after := showPair([]byte(tt.base), []byte(tt.head))
			if tt.wantBefore != "" && (before != tt.wantBefore || after != tt.wantAfter) {
				t.Fatalf("showPair = %s → %s, want %s → %s", before, after, tt.wantBefore, tt.wantAfter)
			}
			if tt.differ && before == after {
				t.Fatalf("the two values render the same: %s", before)
			}
			for _, s := range []string{before, after} {
				if n := len([]rune(strings.Trim(s, "`…"))); n > maxValueWidth {
					t.Errorf("%s shows %d runes, more than %d", s, n, maxValueWidth)
				}
				if !utf8.ValidString(s) {
					t.Errorf("%q is not valid UTF-8: a rune was split", s)
				}
			}
		})
	}
	if before, _ := showPair(nil, []byte(`"x"`)); before != "_(absent)_" {
		t.Errorf("an absent value renders %s, want _(absent)_", before)
	}
}
