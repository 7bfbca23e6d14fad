package testrepo

import (
	"archive/zip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// GoProject is a Go module with dependencies, as a project adopting
// storygate has one: deps modules example.com/depN served by a file://
// GOPROXY made here (no network), pkgs packages that import them all, each
// with a test. Its modules are pre-fetched into a module cache of its own
// and its build cache is warm, as a setup step leaves them on a runner
// (seeded from the machine's, seedGoCache, so that the standard library
// is not compiled again for each project);
// GOMODCACHE and GOCACHE name them for the rest of the test, and GOPROXY
// is Go's default, which the sandbox (network none) cannot reach: only the
// caches can make a build work there.
type GoProject struct {
	// Dir is the module and repository root, committed at Head; ModCache
	// and GoCache are the runner's caches, Proxy the file:// GOPROXY.
	Dir, Head         string
	ModCache, GoCache string
	Proxy             string
	Deps, Packages    int
}

// NewGoProject makes a GoProject with deps dependencies and pkgs packages.
func NewGoProject(t testing.TB, deps, pkgs int) GoProject {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go toolchain")
	}
	host := hostGoCache()
	base := t.TempDir()
	p := GoProject{Dir: filepath.Join(base, "app"), ModCache: filepath.Join(base, "modcache"),
		GoCache: filepath.Join(base, "gocache"), Proxy: filepath.Join(base, "proxy"), Deps: deps, Packages: pkgs}
	t.Cleanup(func() { _ = exec.Command("chmod", "-R", "u+w", p.ModCache).Run() })
	for i := range deps {
		writeProxyModule(t, p.Proxy, i)
	}
	writeApp(t, p.Dir, deps, pkgs)
	for _, kv := range [][2]string{{"GOMODCACHE", p.ModCache}, {"GOCACHE", p.GoCache}, {"GOFLAGS", ""},
		{"GOTOOLCHAIN", "local"}, {"GONOSUMDB", ""}, {"GOPRIVATE", ""}, {"GONOPROXY", ""}, {"GOENV", "off"}} {
		t.Setenv(kv[0], kv[1])
	}
	t.Setenv("GOPROXY", "file://"+p.Proxy)
	t.Setenv("GOSUMDB", "off")
	runGo(t, p.Dir, "mod", "tidy")
	t.Logf("build cache seeded with %d entries of %s", seedGoCache(t, p.Dir, host, p.GoCache), host)
	runGo(t, p.Dir, "test", "./...")
	t.Setenv("GOPROXY", "https://proxy.golang.org,direct")
	t.Setenv("GOSUMDB", "sum.golang.org")
	GitCLI(t, p.Dir, "init", "-q", "-b", "main")
	GitCLI(t, p.Dir, "add", "-A")
	GitCLI(t, p.Dir, "commit", "-q", "-m", "app")
	p.Head = GitCLI(t, p.Dir, "log", "-1", "--format=%H")
	return p
}

func runGo(t testing.TB, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// depSource is dependency i's code: Answer is 42 + i.
func depSource(i int) string {
	return fmt.Sprintf("package dep%d\n\n// Answer is the answer.\nfunc Answer() int { return %d }\n\n"+
		"// Sum adds.\nfunc Sum(xs ...int) int {\n\tt := 0\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n\treturn t\n}\n", i, 42+i)
}

// writeProxyModule writes example.com/depN v1.0.0 in GOPROXY's layout.
func writeProxyModule(t testing.TB, proxy string, i int) {
	t.Helper()
	mod := fmt.Sprintf("example.com/dep%d", i)
	dir := filepath.Join(proxy, mod, "@v")
	gomod := "module " + mod + "\n\ngo 1.22\n"
	files := map[string]string{"list": "v1.0.0\n", "v1.0.0.info": `{"Version":"v1.0.0","Time":"2024-01-01T00:00:00Z"}`,
		"v1.0.0.mod": gomod}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Create(filepath.Join(dir, "v1.0.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	for name, body := range map[string]string{"go.mod": gomod, "dep.go": depSource(i)} {
		w, err := zw.Create(mod + "@v1.0.0/" + name)
		if err == nil {
			_, err = w.Write([]byte(body))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}

// writeApp writes example.com/app: pkgs packages importing every dep,
// each with a test that checks the deps' answers.
func writeApp(t testing.TB, dir string, deps, pkgs int) {
	t.Helper()
	var req, imports, sum strings.Builder
	want := 0
	for i := range deps {
		fmt.Fprintf(&req, "require example.com/dep%d v1.0.0\n", i)
		fmt.Fprintf(&imports, "\t\"example.com/dep%d\"\n", i)
		fmt.Fprintf(&sum, "dep%d.Answer(), ", i)
		want += 42 + i
	}
	files := map[string]string{"go.mod": "module example.com/app\n\ngo 1.22\n\n" + req.String()}
	for p := range pkgs {
		name := fmt.Sprintf("pkg%d", p)
		files[name+"/"+name+".go"] = fmt.Sprintf("package %s\n\nimport (\n%s)\n\n// Total sums the deps' answers.\n"+
			"func Total() int { return dep0.Sum(%s) }\n", name, imports.String(), sum.String())
		files[name+"/"+name+"_test.go"] = fmt.Sprintf("package %s\n\nimport \"testing\"\n\n"+
			"func TestTotal(t *testing.T) {\n\tif got := Total(); got != %d {\n\t\tt.Fatalf(\"Total() = %%d\", got)\n\t}\n"+
			"\tt.Logf(\"total %%d\", Total())\n}\n", name, want)
	}
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
