package stage

import (
	"strings"
	"testing"
	"testing/fstest"
)

// compileOne compiles one stage file, named after its slug.
func compileOne(t *testing.T, stageFile string) string {
	t.Helper()
	_, rest, _ := strings.Cut(stageFile, "slug: ")
	slug, _, _ := strings.Cut(rest, "\n")
	g, ds := Compile(loadFixture(t, fstest.MapFS{"inception/" + slug + ".md": {Data: []byte(stageFile)}}))
	if g == nil {
		t.Fatalf("compile failed: %v", ds)
	}
	out, err := Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestCompiledOptionalFieldsFollowTheReference pins the compiled form of
// the computed name and of the optional fields the reference compiler copies
// only when the stage defines them (docs/stages.md, "The compiled graph").
func TestCompiledOptionalFieldsFollowTheReference(t *testing.T) {
	tests := []struct {
		name      string
		stageFile string
		want      []string // each must appear
		absent    []string // none may appear
	}{
		{"name title-cased from the slug", strings.Replace(base, "slug: demo", "slug: nfr-demo-stage", 1),
			[]string{`"name": "Nfr Demo Stage"`}, nil},
		{"authored name kept", edit("mode: inline", "mode: inline\nname: NFR Demo"),
			[]string{`"name": "NFR Demo"`}, []string{`"name": "Demo"`}},
		{"workspace_requires absent is omitted", base, nil, []string{`"workspace_requires"`}},
		{"workspace_requires false as authored", edit("mode: inline", "mode: inline\nworkspace_requires: false"),
			[]string{`"workspace_requires": false`}, nil},
		{"workspace_requires true", edit("mode: inline", "mode: inline\nworkspace_requires: true"),
			[]string{`"workspace_requires": true`}, nil},
		{"scopes absent is omitted", base, nil, []string{`      "scopes"`}},
		{"authored empty scopes kept", edit("requires_stage: []", "requires_stage: []\nscopes: []"),
			[]string{`"scopes": []`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := compileOne(t, tt.stageFile)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("compiled graph lacks %s:\n%s", w, got)
				}
			}
			for _, a := range tt.absent {
				if strings.Contains(got, a) {
					t.Errorf("compiled graph has %s:\n%s", a, got)
				}
			}
		})
	}
}

// TestCompiledRequiresStageIsASet: a repeated requires_stage entry
// compiles once, as the reference compiler normalizes the edges.
func TestCompiledRequiresStageIsASet(t *testing.T) {
	later := strings.NewReplacer("slug: demo", "slug: later", "requires_stage: []", "requires_stage: [demo, demo]", "  - requirements", "  - summary").Replace(base)
	g, ds := Compile(loadFixture(t, fstest.MapFS{"inception/demo.md": {Data: []byte(base)}, "inception/later.md": {Data: []byte(later)}}))
	if g == nil {
		t.Fatalf("compile failed: %v", ds)
	}
	var got []string
	for _, n := range g.Stages {
		if n.Slug == "later" {
			got = n.RequiresStage
		}
	}
	if strings.Join(got, " ") != "demo" {
		t.Errorf("later requires %q, want [demo]", got)
	}
}
