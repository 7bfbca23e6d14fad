package stage

import (
	"os"
	"strings"
	"testing"
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
