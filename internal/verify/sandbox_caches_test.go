package verify

import (
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/testrepo"
)

// testGoBuildUsesRunnerCachesOffline runs a Go module's tests in
// the sandbox, with no network, where its one dependency is in the
// runner's module cache only: with the caches offered they pass and `go
// env` names the in-sandbox paths; the control, verify.caches off, fails
// for want of the module, which is what proves that the cache, and not
// some network, made the build work. An exported GOCACHE naming a
// directory that is not there (it used to break every Go command) gets
// the in-sandbox path and an empty cache: there the module is built, and
// its export data lands in that cache, rather than tested, which would
// compile the standard library from nothing (two minutes on a loaded
// 2-core machine) to show no more about the cache's wiring.
// The poisoning test runs on the same project.
func TestSandboxGoCaches(t *testing.T) {
	isolated(t, sandbox.Policy{})
	p := testrepo.NewGoProject(t, 1, 1)
	t.Run("build offline", func(t *testing.T) { testGoBuildUsesRunnerCachesOffline(t, p) })
	t.Run("poisoning", func(t *testing.T) { testCachePoisoning(t, p) })
}

func testGoBuildUsesRunnerCachesOffline(t *testing.T, p testrepo.GoProject) {
	const (
		env   = "go env GOMODCACHE GOCACHE && "
		test  = env + "go test -count=1 -v ./... 2>&1"
		build = env + "go build -v ./... 2>&1 && go list -export -f 'export {{.Export}}' ./pkg0"
	)
	for _, tc := range []struct {
		name    string
		caches  bool
		goCache string
		cmd     string
		pass    bool
		want    []string
	}{
		{"caches offered", true, "", test, true, []string{p.ModCache + "\n/tmp/cache/go-build\n", "total 42", "ok  \texample.com/app/pkg0"}},
		{"an exported GOCACHE that is not mounted", true, "/nonexistent/storygate-gocache", build, true,
			[]string{p.ModCache + "\n/tmp/cache/go-build\n", "example.com/dep0\n", "example.com/app/pkg0\n", "export /tmp/cache/go-build/"}},
		{"caches off (control)", false, "", test, false, []string{"example.com/dep0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.goCache != "" {
				t.Setenv("GOCACHE", tc.goCache)
			}
			sb := isolated(t, sandbox.Policy{Caches: tc.caches})
			r := runIn(t, sb, p.Dir, p.Head, tc.cmd, 3*time.Minute)
			if (r.Verdict == VerdictPass) != tc.pass {
				t.Fatalf("verdict %s, want pass=%v: %s", r.Verdict, tc.pass, r.StdoutTail)
			}
			for _, w := range tc.want {
				if !strings.Contains(r.StdoutTail, w) {
					t.Fatalf("output lacks %q:\n%s", w, r.StdoutTail)
				}
			}
		})
	}
}

// poisonCaches is a check that writes into every cache it is given: it
// rewrites the dependency's source in the module cache (making it
// writable first, if it can), overwrites or replaces every build cache
// entry, and plants a marker; then it shows that its own writes landed.
const poisonCaches = `mc=$(go env GOMODCACHE); gc=$(go env GOCACHE)
f="$mc/example.com/dep0@v1.0.0/dep.go"
chmod -R u+w "$mc" 2>/dev/null
evil='package dep0
func Answer() int { return 666 }
func Sum(xs ...int) int { return 666 }'
printf '%s\n' "$evil" > "$f" 2>/dev/null || { rm -f "$f" 2>/dev/null && printf '%s\n' "$evil" > "$f"; }
find "$gc" -type f | while read -r x; do
  printf poison > "$x" 2>/dev/null || { rm -f "$x" && printf poison > "$x"; }
done
printf poison > "$gc/poison-marker"
echo "marker: $(cat "$gc/poison-marker")"
echo "poisoned entries: $(grep -rl poison "$gc" | wc -l)"`

// testCachePoisoning runs the poisoning check, then an honest check
// in a sandbox of the same run: the honest check sees the caches as the
// runner left them (the dependency's real answer, no marker) and the
// runner's caches are byte for byte what they were. The control is the
// poisoning check's own output: its writes did land, in its own layer.
func testCachePoisoning(t *testing.T, p testrepo.GoProject) {
	before := testrepo.TreeDigest(t, p.ModCache) + testrepo.TreeDigest(t, p.GoCache)
	sb := isolated(t, sandbox.Policy{Caches: true})
	poison := runIn(t, sb, p.Dir, p.Head, poisonCaches, 3*time.Minute)
	if !strings.Contains(poison.StdoutTail, "marker: poison") || strings.Contains(poison.StdoutTail, "poisoned entries: 0\n") {
		t.Fatalf("the poisoning check did not write its own layer (control): %q %q", poison.StdoutTail, poison.StderrTail)
	}
	honest := runIn(t, sb, p.Dir, p.Head,
		`test ! -e "$(go env GOCACHE)/poison-marker" && go test -count=1 -v ./... 2>&1`, 3*time.Minute)
	if honest.Verdict != VerdictPass || !strings.Contains(honest.StdoutTail, "total 42") {
		t.Fatalf("a later check saw the poison: verdict %s\n%s", honest.Verdict, honest.StdoutTail)
	}
	if after := testrepo.TreeDigest(t, p.ModCache) + testrepo.TreeDigest(t, p.GoCache); after != before {
		t.Fatal("the runner's caches changed")
	}
}
