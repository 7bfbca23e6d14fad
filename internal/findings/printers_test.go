package findings

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/storygate/storygate/internal/"

// forbiddenCall is a call a printer must leave to the findings pipeline.
type forbiddenCall struct {
	// pkg is the import path of the called package; "" matches a method
	// of that name on any value.
	pkg, name, stage string
}

// forbiddenCalls are the calls that do a stage of the pipeline again.
func forbiddenCalls() []forbiddenCall {
	return []forbiddenCall{
		{module + "diag", "Sort", "sort"},
		{"", "ApplySeverities", "severity"},
		{module + "rootpath", "RepoPath", "place"},
	}
}

// violation is one place that post-processes findings.
type violation struct {
	// where is "file:line:column"; stage names the pipeline stage it
	// does again, or "compose" for a use of the pipeline itself.
	where, stage string
}

func (v violation) String() string {
	return v.where + ": does the pipeline's " + v.stage + " stage again"
}

// postProcessing lists the calls in f that re-sort, re-severity or
// re-path findings, and any use of the pipeline itself, which only a run
// composes.
func postProcessing(fset *token.FileSet, f *ast.File) []violation {
	imported := map[string]string{} // local name → import path
	var found []violation
	forbidden := forbiddenCalls()
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		imported[name] = path
		if path == module+"findings" {
			found = append(found, violation{fset.Position(imp.Pos()).String(), "compose"})
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		var pkg string
		if id, ok := sel.X.(*ast.Ident); ok {
			pkg = imported[id.Name]
		}
		for _, c := range forbidden {
			if sel.Sel.Name == c.name && (c.pkg == "" || c.pkg == pkg) {
				found = append(found, violation{fset.Position(call.Pos()).String(), c.stage})
			}
		}
		return true
	})
	return found
}

// TestPrintersOnlyPrint: no printer package sorts, re-severities or
// re-paths findings, nor composes a pipeline of its own.
func TestPrintersOnlyPrint(t *testing.T) {
	// The packages that print findings: the report formats (text, json,
	// sarif, github workflow commands, the Markdown comment), publish
	// (check runs, their annotations, the job summary, the SARIF file)
	// and the GitHub adapter that posts them.
	printers := []string{"../report", "../publish", "../github"}
	fset := token.NewFileSet()
	for _, dir := range printers {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("printer package %s: %v, %d files", dir, err, len(files))
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range postProcessing(fset, f) {
				t.Errorf("%s: printers only print", v)
			}
		}
	}
}

// TestPostProcessingHasItsPlaces: outside the pipeline, findings are
// sorted or re-severitied only where soleCallers says why, so a new call
// site fails here rather than disagreeing with the pipeline later.
func TestPostProcessingHasItsPlaces(t *testing.T) {
	// soleCallers are the files that may still sort or re-severity
	// findings, each with its reason; a call anywhere else fails here.
	soleCallers := map[string]string{
		"findings/stages.go": "the pipeline's own stages",
		// The document's run-wide lists gather every gate's final findings
		// into one, which must be in the pipeline's order again.
		"gate/results.go": "Results.Diagnostics and Untouched merge the gates' lists",
		// The verify document keeps its canonical order when merge-results
		// joins the shards' documents.
		"verify/document.go": "the verify document's merged shards",
		// A refused move lists the file rules' errors of one story, with no
		// command run around it to compose a pipeline.
		"transition/transition.go": "a refused move's findings",
	}
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join("..", "*", "*.go"))
	if err != nil || len(files) < 100 {
		t.Fatalf("internal packages: %v, %d files", err, len(files))
	}
	more, _ := filepath.Glob(filepath.Join("..", "*", "*", "*.go"))
	for _, name := range append(files, more...) {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		rel := filepath.ToSlash(strings.TrimPrefix(name, ".."+string(filepath.Separator)))
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range postProcessing(fset, f) {
			if _, ok := soleCallers[rel]; !ok && (v.stage == "sort" || v.stage == "severity") {
				t.Errorf("%s: findings are post-processed by the findings pipeline only", v)
			}
		}
	}
}

// TestPostProcessingIsFound: the check finds each forbidden call, under an
// import alias too, and passes a printer that only prints.
func TestPostProcessingIsFound(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      int
	}{
		{"only prints", `package p
import "fmt"
func f() { fmt.Println("x") }`, 0},
		{"sorts", `package p
import "github.com/storygate/storygate/internal/diag"
func f(ds []diag.Diagnostic) { diag.Sort(ds) }`, 1},
		{"sorts under an alias", `package p
import d "github.com/storygate/storygate/internal/diag"
func f(ds []d.Diagnostic) { d.Sort(ds) }`, 1},
		{"applies severities and re-paths", `package p
import "github.com/storygate/storygate/internal/rootpath"
func f(c interface{ ApplySeverities([]int) []int }) { c.ApplySeverities(nil); rootpath.RepoPath("pkg", "a") }`, 2},
		{"composes a pipeline", `package p
import "github.com/storygate/storygate/internal/findings"
var _ = findings.New`, 1},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, c.name+".go", c.src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := postProcessing(fset, f); len(got) != c.want {
			t.Errorf("%s: found %v, want %d", c.name, got, c.want)
		}
	}
}
