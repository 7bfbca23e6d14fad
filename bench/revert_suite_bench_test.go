package bench

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/revert"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/verify"
)

// goSuitePackages are the packages of the generated module: imports and
// the body of Value, each using a slice of the standard library, so that a
// cold build compiles what a real suite compiles.
var goSuitePackages = map[string][2]string{
	"codec":  {`"encoding/json"`, `b, _ := json.Marshal(map[string]int{"a": 7}); return string(b)`},
	"pages":  {`"strings"; "text/template"`, `var s strings.Builder; template.Must(template.New("t").Parse("{{.}}")).Execute(&s, 7); return s.String()`},
	"match":  {`"regexp"`, `return regexp.MustCompile("[0-9]+").FindString("a7")`},
	"pack":   {`"bytes"; "compress/gzip"`, `var b bytes.Buffer; w := gzip.NewWriter(&b); w.Write([]byte("7")); w.Close(); r, _ := gzip.NewReader(&b); var o bytes.Buffer; o.ReadFrom(r); return o.String()`},
	"sum":    {`"crypto/sha256"; "encoding/hex"`, `h := sha256.Sum256([]byte("7")); return hex.EncodeToString(h[:])`},
	"web":    {`"io"; "net/http"; "net/http/httptest"`, `rec := httptest.NewRecorder(); http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "7") }).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil)); b, _ := io.ReadAll(rec.Body); return string(b)`},
	"markup": {`"encoding/xml"`, `b, _ := xml.Marshal(7); return string(b)`},
	"big":    {`"math/big"`, `return new(big.Int).Exp(big.NewInt(7), big.NewInt(70), nil).String()`},
}

const goSuiteTest = "package %s\n\nimport \"testing\"\n\nfunc TestValue(t *testing.T) {\n\tif Value() == \"\" {\n\t\tt.Fatal(\"empty\")\n\t}\n}\n"

// goSuiteRepo writes the module at base, and a head that adds an assertion
// to one package's test (added coverage: the revert check reverts it).
func goSuiteRepo(tb testing.TB) string {
	dir := tb.TempDir()
	gitCmd(tb, dir, nil, "init", "-q", "-b", "main")
	write := func(rel, data string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	write("go.mod", "module example.com/suite\n\ngo 1.21\n")
	for name, src := range goSuitePackages {
		write(name+"/"+name+".go", fmt.Sprintf("package %s\n\nimport (%s)\n\n// Value renders 7.\nfunc Value() string { %s }\n", name, src[0], src[1]))
		write(name+"/"+name+"_test.go", fmt.Sprintf(goSuiteTest, name))
	}
	gitCmd(tb, dir, nil, "add", "-A")
	gitCmd(tb, dir, nil, "commit", "-q", "-m", "base")
	write("codec/codec_test.go", fmt.Sprintf(goSuiteTest, "codec")+"\nfunc TestValueIsJSON(t *testing.T) {\n\tif Value()[0] != '{' {\n\t\tt.Fatal(Value())\n\t}\n}\n")
	gitCmd(tb, dir, nil, "commit", "-q", "-am", "head")
	return dir
}

// goEnv is the suite's environment with a fresh build cache: both
// contenders start cold, as a CI runner without a restored cache does.
func goEnv(tb testing.TB) []string {
	return append(verify.CleanEnv(os.Environ(), nil), "GOCACHE="+tb.TempDir(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOPROXY=off")
}

// BenchmarkRevertGoSuite times, in the same run and interleaved, the
// revert check on a Go module with a real suite (`go test ./...` over ten
// packages of the standard library, in the sandbox when bwrap works: the
// clone, the baseline run and the run with the test edit reverted) against
// running the same suite twice in the checkout. Both start from an empty
// build cache; the check's baseline run must warm the cache for its
// reverted run, as the first run in the checkout warms the second.
// Target: ratio <= 1.2.
func BenchmarkRevertGoSuite(b *testing.B) {
	if _, err := exec.LookPath("go"); err != nil {
		b.Skip("no go toolchain on PATH")
	}
	dir := goSuiteRepo(b)
	sb := sandbox.New(context.Background(), sandbox.Policy{Mode: sandbox.Auto})
	var ours, twice time.Duration
	var runs [4]int64 // baseline, reverted, first, second (ms)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		took, baseline, reverted := revertGoSuite(b, dir, sb)
		ours += took
		runs[0], runs[1] = runs[0]+baseline, runs[1]+reverted
		took, first, second := suiteTwice(b, dir)
		twice += took
		runs[2], runs[3] = runs[2]+first, runs[3]+second
	}
	b.StopTimer()
	reportRatio(b, ours, "revert-check-ms/op", twice, "suite-twice-ms/op")
	for i, unit := range []string{"baseline-ms/op", "reverted-ms/op", "first-ms/op", "second-ms/op"} {
		b.ReportMetric(float64(runs[i])/float64(b.N), unit)
	}
	sandboxed := 0.0
	if sb.Isolated() {
		sandboxed = 1
	}
	b.ReportMetric(sandboxed, "sandboxed")
}

// revertGoSuite returns the check's time and its two suite runs' (ms).
func revertGoSuite(b *testing.B, dir string, sb *sandbox.Sandbox) (took time.Duration, baseline, reverted int64) {
	env := goEnv(b)
	start := time.Now()
	r, err := gitrepo.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	res, err := revert.Check(context.Background(), revert.Options{Repo: r, Base: commitOf(b, r, "main~1"), Head: commitOf(b, r, "main"),
		Governed: []string{"codec/"}, Suite: "go test ./...", Env: env, Sandbox: sb})
	if err != nil {
		b.Fatal(err)
	}
	took = time.Since(start)
	if res.Verdict != revert.Escalate {
		b.Fatalf("verdict %s (%s): %s", res.Verdict, res.Reason, res.OutputTail)
	}
	settle()
	return took, res.Baseline.DurationMS, res.Set.Run.DurationMS
}

// suiteTwice returns the time of both runs and of each (ms).
func suiteTwice(b *testing.B, dir string) (took time.Duration, first, second int64) {
	env := goEnv(b)
	var each [2]int64
	start := time.Now()
	for i := range each {
		t0 := time.Now()
		cmd := exec.Command("go", "test", "./...")
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("go test: %v\n%s", err, out)
		}
		each[i] = time.Since(t0).Milliseconds()
	}
	took = time.Since(start)
	settle()
	return took, each[0], each[1]
}
