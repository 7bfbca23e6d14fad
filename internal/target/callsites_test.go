package target

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// module is this repository's module path.
const module = "github.com/storygate/storygate"

// oneAnswer names a function whose every call site must be in one of the
// allowed packages: the per-run facts are answered once, by this package.
type oneAnswer struct {
	pkg, recv, name string
	allowed         []string
}

// oneAnswerRules are the questions only target.Open asks: opening the
// repository, resolving a revision name, loading the policy.
func oneAnswerRules() []oneAnswer {
	return []oneAnswer{
		// The entry points open the run's target; everything below takes it.
		{pkg: module + "/internal/target", name: "Open", allowed: []string{"internal/cli", "internal/bot"}},
		{pkg: module + "/internal/gitrepo", name: "Open", allowed: []string{"internal/target"}},
		{pkg: module + "/internal/gitrepo", recv: "Repo", name: "Commit", allowed: []string{"internal/target", "internal/gitrepo"}},
		{pkg: "github.com/go-git/go-git/v5", recv: "Repository", name: "ResolveRevision", allowed: []string{"internal/gitrepo"}},
		{pkg: module + "/internal/config", name: "Load", allowed: []string{"internal/target", "internal/config"}},
		{pkg: module + "/internal/config", name: "Parse", allowed: []string{"internal/target", "internal/config"}},
	}
}

// TestEachRunFactHasOneCallSite type-checks every package of the module
// (its non-test files, against the export data `go list -export` built)
// and fails on a call of a oneAnswerRules function outside its allowed
// packages, or a `git rev-parse` run anywhere: a second place asking where
// the run stands is how publish came to judge the trusted checkout's HEAD.
func TestEachRunFactHasOneCallSite(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the whole module")
	}
	pkgs, exports, err := listModule()
	if err != nil {
		t.Fatal(err)
	}
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		if f, ok := exports[path]; ok {
			return os.Open(f)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	})
	selfCheck(t, imp)
	checked := 0
	for _, p := range pkgs {
		found, err := offendingCalls(p, imp)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range found {
			t.Error(f)
		}
		checked++
	}
	if checked < 30 {
		t.Fatalf("checked %d packages; the module has more", checked)
	}
}

// listedPackage is what `go list -json` says of one package.
type listedPackage struct {
	ImportPath, Dir, Export string
	GoFiles                 []string
	Standard                bool
}

// listModule lists the module's packages and the export data of every
// package they depend on.
func listModule() ([]listedPackage, map[string]string, error) {
	cmd := exec.Command("go", "list", "-export", "-deps", "-json", "./...")
	cmd.Dir = filepath.Join("..", "..")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go list: %w\n%s", err, stderr.String())
	}
	exports := map[string]string{}
	var own []listedPackage
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, nil, fmt.Errorf("go list output: %w", err)
		}
		exports[p.ImportPath] = p.Export
		if strings.HasPrefix(p.ImportPath, module+"/") || p.ImportPath == module {
			own = append(own, p)
		}
	}
	return own, exports, nil
}

// offendingCalls type-checks p and lists its forbidden calls.
func offendingCalls(p listedPackage, imp types.Importer) ([]string, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
		if err != nil {
			return nil, fmt.Errorf("parse %s: %w", name, err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: imp}).Check(p.ImportPath, fset, files, info); err != nil {
		return nil, fmt.Errorf("type-check %s: %w", p.ImportPath, err)
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
	var out []string
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if msg := offense(n, info, rel); msg != "" {
				out = append(out, fmt.Sprintf("%s: %s", fset.Position(n.Pos()), msg))
			}
			return true
		})
	}
	return out, nil
}

// offense says what is wrong with node n in package rel, or "".
func offense(n ast.Node, info *types.Info, rel string) string {
	if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(lit.Value, "rev-parse") {
		return "runs git rev-parse: the run's commits and root come from target.Open"
	}
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return ""
	}
	var id *ast.Ident
	switch fun := call.Fun.(type) {
	case *ast.SelectorExpr:
		id = fun.Sel
	case *ast.Ident:
		id = fun
	default:
		return ""
	}
	fn, ok := info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil {
		return ""
	}
	for _, r := range oneAnswerRules() {
		if fn.Pkg().Path() == r.pkg && fn.Name() == r.name && receiverName(fn) == r.recv && !allowedIn(rel, r.allowed) {
			return fmt.Sprintf("calls %s.%s outside %v: take it from the run's target (target.Open)", r.pkg, qualified(r), r.allowed)
		}
	}
	return ""
}

func qualified(r oneAnswer) string {
	if r.recv == "" {
		return r.name
	}
	return r.recv + "." + r.name
}

// receiverName is the named type of fn's receiver, "" for a function.
func receiverName(fn *types.Func) string {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := t.(*types.Named); ok {
		return named.Obj().Name()
	}
	return ""
}

func allowedIn(rel string, allowed []string) bool {
	for _, a := range allowed {
		if rel == a {
			return true
		}
	}
	return false
}

// selfCheck proves the check finds what it forbids: a package outside
// target that opens a repository and resolves a revision has both calls
// reported, and the same calls in target none.
func selfCheck(t *testing.T, imp types.Importer) {
	t.Helper()
	dir := t.TempDir()
	src := "package fake\n\nimport \"" + module + "/internal/gitrepo\"\n\nfunc f() {\n\tr, _ := gitrepo.Open(\".\")\n\t_, _ = r.Commit(\"HEAD\")\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "fake.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]int{module + "/internal/fake": 2, module + "/internal/target": 0} {
		found, err := offendingCalls(listedPackage{ImportPath: path, Dir: dir, GoFiles: []string{"fake.go"}}, imp)
		if err != nil || len(found) != want {
			t.Fatalf("self-check as %s: %v, found %d offending calls %v, want %d", path, err, len(found), found, want)
		}
	}
}
