package pairtest

import (
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// What install.sh says when it builds from the action's checkout, and
// what it cost.
var (
	builtFromCheckout = regexp.MustCompile(`storygate: built from the action's checkout in [0-9]+ s`)
	buildingWarning   = "could not be downloaded (checksums.txt: "
	tamperedArchive   = regexp.MustCompile(`::error title=storygate::storygate_[^ ]+ has SHA-256 [0-9a-f]{64}, checksums.txt says [0-9a-f]{64}`)
	noGoError         = "no Go toolchain on PATH to build it from the action's checkout"
)

// TestTheHostActionInstallsOrBuildsFromItsCheckout runs the shipped pair
// (both halves use the host action) against a release server that
// serves the release, answers 404 (a pin with no release yet), or serves
// an archive that does not match its checksums.txt. Without a release the
// action builds storygate from its own checkout, saying so in the log with
// the time it took, and the pair posts the gate's verdict; without a Go
// toolchain as well it fails naming actions/setup-go; a tampered archive
// is refused and nothing is built or posted.
func TestTheHostActionInstallsOrBuildsFromItsCheckout(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		release releaseMode
		env     func(t *testing.T) map[string]string
		// built: the log says the binary was built from the checkout.
		built bool
		// posted: the gate's verdict reaches the pull request.
		posted bool
		// logged is what the gate job's log must match.
		logged *regexp.Regexp
	}{
		{name: "control: the release is served", release: releaseServed, posted: true, logged: regexp.MustCompile(`storygate `)},
		{name: "no release: built from the checkout", release: releaseAbsent, env: goEnv, built: true, posted: true, logged: builtFromCheckout},
		{name: "no release and no Go", release: releaseAbsent, env: pathWithoutGo, logged: regexp.MustCompile(regexp.QuoteMeta(noGoError) + `.*add an actions/setup-go step`)},
		{name: "a tampered archive is refused", release: releaseTampered, env: goEnv, logged: tamperedArchive},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := newPair(t)
			p.release = tt.release
			if tt.env != nil {
				p.runnerEnv = tt.env(t)
			}
			base, head := p.commitFixture(fixtureNamed(t, "scope/out-of-scope/ok"))
			out := p.run(base, head, scenario{})
			log := out.gate.log
			if !tt.logged.MatchString(log) {
				t.Errorf("the gate job's log does not match %q\n%s", tt.logged, log)
			}
			if got := strings.Contains(log, buildingWarning) && builtFromCheckout.MatchString(log); got != tt.built {
				t.Errorf("built from the checkout: %v, want %v\n%s", got, tt.built, log)
			}
			if tt.built && !strings.Contains(log, "building it from the action's checkout ("+tools.moduleRoot+")") {
				t.Errorf("the log does not name the action's directory %s as what was built\n%s", tools.moduleRoot, log)
			}
			if served := p.releaseAnswers.count(http.StatusOK); (tt.release == releaseAbsent) != (served == 0) {
				t.Errorf("the release server answered %d downloads with 200 (mode %d)", served, tt.release)
			}
			if tt.posted {
				assertHostDocumentUploaded(t, p, out)
				return
			}
			if out.document != nil || len(out.checks) != 0 {
				t.Errorf("a refused install still gated: document %v, checks %v\n%s", out.document != nil, out.checks, log)
			}
		})
	}
}

// goEnv is the Go toolchain as actions/setup-go with its cache leaves it
// for the job: go on PATH (the harness's) and the build and module caches
// warm (the harness's own, so the build needs no network: GOPROXY=off).
func goEnv(t *testing.T) map[string]string {
	t.Helper()
	goEnvOnce.Do(func() {
		out, err := exec.Command("go", "env", "-json", "GOCACHE", "GOMODCACHE").Output()
		if err == nil {
			err = json.Unmarshal(out, &goEnvVars)
		}
		goEnvErr = err
	})
	if goEnvErr != nil {
		t.Fatalf("go env: %v", goEnvErr)
	}
	env := map[string]string{"GOPROXY": "off", "GOTOOLCHAIN": "local", "GOFLAGS": "-mod=readonly"}
	for k, v := range goEnvVars {
		env[k] = v
	}
	return env
}

var (
	goEnvOnce sync.Once
	goEnvVars map[string]string
	goEnvErr  error
)

// pathWithoutGo is a PATH of every program on the harness's PATH but go
// and gofmt: a runner without actions/setup-go.
func pathWithoutGo(t *testing.T) map[string]string {
	t.Helper()
	farm := filepath.Join(t.TempDir(), "bin")
	if err := os.MkdirAll(farm, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			link := filepath.Join(farm, e.Name())
			if e.Name() == "go" || e.Name() == "gofmt" || e.IsDir() {
				continue
			}
			if _, err := os.Lstat(link); err == nil {
				continue // an earlier PATH entry wins, as in a lookup
			}
			if err := os.Symlink(filepath.Join(dir, e.Name()), link); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := exec.LookPath(filepath.Join(farm, "go")); err == nil {
		t.Fatal("the PATH without Go still has go")
	}
	return map[string]string{"PATH": farm}
}
