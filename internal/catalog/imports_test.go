package catalog

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsOnlyDiag keeps the catalog at the bottom of the import graph,
// so that every engine, printer and the configuration can read it: of
// storygate's packages it may import diag alone.
func TestImportsOnlyDiag(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(p, "github.com/storygate/storygate/") && p != "github.com/storygate/storygate/internal/diag" {
				t.Errorf("%s imports %s; the catalog may import only internal/diag", name, p)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no source files found")
	}
}
