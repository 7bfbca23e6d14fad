package layering

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// module is the import path every storygate package starts with.
const module = "github.com/storygate/storygate/"

// pkg is what the test reads of one package in `go list -json`.
type pkg struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

// rule says that a package (named below internal/) must not depend, directly
// or through others, on any of the packages in mustNot; noInternal
// forbids every storygate package.
type rule struct {
	from       string
	mustNot    []string
	noInternal bool
	why        string
}

// rules are the import directions of issue 22. Each names why, for the
// failure message: the reason is what the next engineer needs when a new
// import trips it.
var rules = []rule{
	{from: "report", mustNot: []string{"chatops", "sandbox", "verify", "gitrepo"},
		why: "the printers only print: the command vocabulary they show is package command's, and paths are placed by rootpath"},
	{from: "rules", mustNot: []string{"verify", "sandbox"},
		why: "the lint rules check pass_when (passwhen) and working_dir (workdir) without linking the executor"},
	{from: "sandbox", mustNot: []string{"config"},
		why: "the caller chooses the sandbox policy (verify.SandboxPolicy)"},
	{from: "diag", noInternal: true,
		why: "every package reports diagnostics, so diag depends on none of them"},
	{from: "command", mustNot: []string{"chatops", "github", "gitrepo", "sandbox"},
		why: "the command vocabulary is read by the printers, below the machinery that acts on commands"},
	{from: "passwhen", mustNot: []string{"verify", "sandbox"},
		why: "pass_when compiles without the executor"},
	{from: "workdir", mustNot: []string{"verify", "sandbox"},
		why: "working_dir is checked without the executor"},
	{from: "sandboxexec", noInternal: true,
		why: "the helper runs once per sandboxed command: what it links, each command starts"},
	{from: "rootpath", noInternal: true,
		why: "the translation between a root's paths and its repository's is pure path arithmetic"},
	{from: "inert", noInternal: true,
		why: "every printer neutralizes echoed text through it, so it depends on none of them"},
}

// TestImportsPointDown checks every rule against the packages as `go list`
// sees them.
func TestImportsPointDown(t *testing.T) {
	pkgs := listPackages(t)
	for _, r := range rules {
		from := module + "internal/" + r.from
		p, ok := pkgs[from]
		if !ok {
			t.Errorf("package %s is not in the module; update the layering rules", from)
			continue
		}
		for _, dep := range p.Deps {
			if broken(r, dep) {
				t.Errorf("%s must not depend on %s (%s): %s", trim(from), trim(dep), r.why, chain(pkgs, from, dep))
			}
		}
	}
}

// broken reports whether depending on dep breaks r.
func broken(r rule, dep string) bool {
	if !strings.HasPrefix(dep, module) {
		return false
	}
	if r.noInternal {
		return true
	}
	for _, name := range r.mustNot {
		if dep == module+"internal/"+name {
			return true
		}
	}
	return false
}

// listPackages reads every storygate package with its imports and
// transitive dependencies, keyed by import path.
func listPackages(t *testing.T) map[string]pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,Deps", module+"...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	pkgs, err := decodePackages(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("read go list's output: %v", err)
	}
	return pkgs
}

// decodePackages reads go list's stream of JSON objects, keeping the
// module's own packages.
func decodePackages(r io.Reader) (map[string]pkg, error) {
	pkgs := map[string]pkg{}
	dec := json.NewDecoder(r)
	for {
		var p pkg
		err := dec.Decode(&p)
		if errors.Is(err, io.EOF) {
			return pkgs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("decode package %d: %w", len(pkgs)+1, err)
		}
		if strings.HasPrefix(p.ImportPath, module) {
			pkgs[p.ImportPath] = p
		}
	}
}

// chain is one shortest chain of imports from from to dep, for the failure
// message ("report → gate → gitrepo"), found breadth-first over the
// module's packages.
func chain(pkgs map[string]pkg, from, dep string) string {
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		if at == dep {
			break
		}
		for _, next := range pkgs[at].Imports {
			if _, seen := prev[next]; !seen && strings.HasPrefix(next, module) {
				prev[next] = at
				queue = append(queue, next)
			}
		}
	}
	if _, found := prev[dep]; !found {
		return "imported through " + trim(dep)
	}
	var path []string
	for at := dep; at != ""; at = prev[at] {
		path = append([]string{trim(at)}, path...)
	}
	return strings.Join(path, " → ")
}

// trim is a package's path below the module, for messages.
func trim(importPath string) string { return strings.TrimPrefix(importPath, module+"internal/") }

// TestRulesCanFail: a rule is broken by a dependency it names (or, with
// noInternal, by any storygate package) and by nothing outside the module,
// and chain names the imports that make the dependency; so the test above
// fails when a package starts depending on what it must not.
func TestRulesCanFail(t *testing.T) {
	report := rules[0]
	if !broken(report, module+"internal/chatops") || broken(report, module+"internal/command") || broken(report, "strings") {
		t.Error("the report rule does not tell chatops from command and the standard library")
	}
	if !broken(rule{from: "diag", noInternal: true}, module+"internal/story") {
		t.Error("a noInternal rule lets an internal package through")
	}
	pkgs := map[string]pkg{
		module + "internal/report": {Imports: []string{"fmt", module + "internal/gate"}},
		module + "internal/gate":   {Imports: []string{module + "internal/gitrepo"}},
	}
	if got, want := chain(pkgs, module+"internal/report", module+"internal/gitrepo"), "report → gate → gitrepo"; got != want {
		t.Errorf("chain = %q, want %q", got, want)
	}
}
