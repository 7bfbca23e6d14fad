package findings

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
)

// documentedOrder is the chain New's doc comment draws ("a → b → c").
func documentedOrder(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "findings.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "New" && fn.Doc != nil {
			for _, line := range strings.Split(fn.Doc.Text(), "\n") {
				if strings.Contains(line, "→") {
					return strings.Fields(strings.ReplaceAll(line, "→", " "))
				}
			}
		}
	}
	t.Fatal("New's doc comment draws no chain")
	return nil
}

// TestPipelineOrderIsTheDocumentedOne: the stages run in the order New's
// doc comment draws (severity, untouched filter, clean, place in the
// repository, sort), whatever the options.
func TestPipelineOrderIsTheDocumentedOne(t *testing.T) {
	want := documentedOrder(t)
	if !slices.Equal(want, []string{"severity", "untouched", "clean", "place", "sort"}) {
		t.Errorf("New documents the chain %v; the findings pipeline is severity → untouched → clean → place → sort", want)
	}
	for _, o := range []Options{{}, {Config: config.Default(), Filter: config.FilterChanged, Bounded: true, Place: "pkg"}} {
		var got []string
		for _, s := range New(o).Stages() {
			got = append(got, s.Name())
		}
		if !slices.Equal(got, want) {
			t.Errorf("stages %v, want %v", got, want)
		}
	}
}

// TestPipelineRunsEveryStageOnce: a run's findings come out with their
// configured severity, the untouched ones apart (judged by their path in
// the root, before the place), cleaned, placed and sorted; the engine's
// slice is left as it was.
func TestPipelineRunsEveryStageOnce(t *testing.T) {
	found := []diag.Diagnostic{
		{Rule: "r/b", File: "s/B.md", Message: "b\x1b[1m", Severity: diag.SeverityError},
		{Rule: "r/a", File: "s/OLD.md", Line: 3, Column: 2, Message: "old", Severity: diag.SeverityError},
		{Rule: "r/a", File: "s/A.md", Line: 4, Column: 1, Message: "a", Severity: diag.SeverityError},
		{Rule: "r/off", File: "s/A.md", Line: 1, Column: 1, Message: "off", Severity: diag.SeverityError},
	}
	engine := slices.Clone(found)
	asked := map[string]bool{}
	p := New(Options{
		Config: &config.Config{Rules: map[string]string{"r/a": "warning", "r/off": "off"}},
		Filter: config.FilterChanged,
		SetApart: func(d diag.Diagnostic) bool {
			asked[d.Rule] = true
			return d.File == "s/OLD.md"
		},
		Bounded: true, Place: "pkg",
	})
	got := p.Run(found)
	want := Set{
		Judged: []diag.Diagnostic{
			{Rule: "r/a", File: "pkg/s/A.md", Line: 4, Column: 1, Message: "a", Severity: diag.SeverityWarning},
			{Rule: "r/b", File: "pkg/s/B.md", Line: 1, Column: 1, Message: "b", Severity: diag.SeverityError},
		},
		Untouched: []diag.Diagnostic{{Rule: "r/a", File: "pkg/s/OLD.md", Line: 3, Column: 2, Message: "old", Severity: diag.SeverityWarning}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pipeline (-want +got):\n%s", diff)
	}
	if asked["r/off"] {
		t.Error("the untouched filter was asked about a rule turned off: severity must run first")
	}
	if diff := cmp.Diff(engine, found); diff != "" {
		t.Errorf("the engine's findings were rewritten (-before +after):\n%s", diff)
	}
}
