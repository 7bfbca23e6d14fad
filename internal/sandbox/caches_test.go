package sandbox

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestRunnerCachesAndTheirVariables(t *testing.T) {
	present := func(dirs ...string) func(string) bool {
		return func(p string) bool {
			for _, d := range dirs {
				if p == d {
					return true
				}
			}
			return false
		}
	}
	for _, tc := range []struct {
		name    string
		env     []string
		offer   bool
		exists  func(string) bool
		hosts   map[string]string
		wantEnv []string
	}{
		{"defaults under HOME", []string{"HOME=/home/r"}, true,
			present("/home/r/go/pkg/mod", "/home/r/.cache/go-build", "/home/r/.npm", "/home/r/.m2/repository"),
			map[string]string{"go-mod": "/home/r/go/pkg/mod", "go-build": "/home/r/.cache/go-build", "npm": "/home/r/.npm",
				"m2/repository": "/home/r/.m2/repository"},
			[]string{"HOME=/home/r", "GOCACHE=/tmp/cache/go-build", "GOMODCACHE=/tmp/cache/go-mod",
				"MAVEN_OPTS=-Dmaven.repo.local=/tmp/cache/m2/repository", "npm_config_cache=/tmp/cache/npm"}},
		{"variables name them", []string{"HOME=/h", "GOMODCACHE=/c/mod", "GOCACHE=/c/build", "PIP_CACHE_DIR=/c/pip",
			"CARGO_HOME=/c/cargo", "GRADLE_USER_HOME=/c/gradle", "MAVEN_OPTS=-Xmx1g"}, true,
			present("/c/mod", "/c/build", "/c/pip", "/c/cargo/registry", "/c/cargo/git", "/c/gradle/caches", "/h/.m2/repository"),
			map[string]string{"go-mod": "/c/mod", "go-build": "/c/build", "pip": "/c/pip", "cargo/registry": "/c/cargo/registry",
				"cargo/git": "/c/cargo/git", "gradle/caches": "/c/gradle/caches", "m2/repository": "/h/.m2/repository"},
			[]string{"HOME=/h", "CARGO_HOME=/tmp/cache/cargo", "GOCACHE=/tmp/cache/go-build", "GOMODCACHE=/tmp/cache/go-mod",
				"GRADLE_USER_HOME=/tmp/cache/gradle", "MAVEN_OPTS=-Xmx1g -Dmaven.repo.local=/tmp/cache/m2/repository",
				"PIP_CACHE_DIR=/tmp/cache/pip"}},
		{"GOPATH's first entry holds the module cache", []string{"GOPATH=/g1:/g2"}, true, present("/g1/pkg/mod"),
			map[string]string{"go-mod": "/g1/pkg/mod", "go-build": ""},
			[]string{"GOPATH=/g1:/g2", "GOCACHE=/tmp/cache/go-build", "GOMODCACHE=/tmp/cache/go-mod"}},
		{"an exported GOCACHE that is not there gets an empty one", []string{"GOCACHE=/gone", "GOMODCACHE=rel"}, true, present(),
			map[string]string{"go-mod": "", "go-build": ""},
			[]string{"GOCACHE=/tmp/cache/go-build", "GOMODCACHE=/tmp/cache/go-mod"}},
		{"not offered: Go's empty, the rest untouched", []string{"HOME=/h", "npm_config_cache=/h/npm"}, false, present("/h/npm", "/h/go/pkg/mod"),
			map[string]string{"go-mod": "", "go-build": ""},
			[]string{"HOME=/h", "npm_config_cache=/h/npm", "GOCACHE=/tmp/cache/go-build", "GOMODCACHE=/tmp/cache/go-mod"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			caches := runnerCaches(tc.env, tc.offer, tc.exists, projectUses())
			hosts := map[string]string{}
			for _, c := range caches {
				hosts[c.Name] = c.Host
				if !strings.HasPrefix(c.Inside, cacheDir+"/") {
					t.Errorf("%s inside at %s", c.Name, c.Inside)
				}
			}
			if !reflect.DeepEqual(hosts, tc.hosts) {
				t.Errorf("caches %v, want %v", hosts, tc.hosts)
			}
			if got := cacheEnv(tc.env, caches); !reflect.DeepEqual(got, tc.wantEnv) {
				t.Errorf("env %q, want %q", got, tc.wantEnv)
			}
		})
	}
}

// TestCachesFollowTheProjectsTools: a cache is mounted only for a tree
// that uses its tool (a marker at the top, at the root, or one directory
// below); Go's caches stay listed, empty, for a project without Go.
func TestCachesFollowTheProjectsTools(t *testing.T) {
	t.Parallel()
	env := []string{"HOME=/h", "GOMODCACHE=/h/mod", "GOCACHE=/h/build", "npm_config_cache=/h/npm", "PIP_CACHE_DIR=/h/pip"}
	for _, tc := range []struct {
		name  string
		files []string
		want  string
	}{
		{"a Go project", []string{"go.mod", "main.go"}, "go-mod=/h/mod go-build=/h/build"},
		{"a Node project", []string{"package.json"}, "go-mod= go-build= npm=/h/npm"},
		{"a monorepo's packages", []string{"web/package.json", "svc/go.mod", "tools/requirements-dev.txt"},
			"go-mod=/h/mod go-build=/h/build npm=/h/npm pip=/h/pip"},
		{"markers too deep are not looked for", []string{"a/b/package.json"}, "go-mod= go-build="},
		{"hidden directories are skipped", []string{".github/package.json"}, "go-mod= go-build="},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tc.files {
				p := filepath.Join(dir, f)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var got []string
			for _, c := range runnerCaches(env, true, func(string) bool { return true }, projectUses(dir)) {
				got = append(got, c.Name+"="+c.Host)
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Fatalf("caches %q, want %q", s, tc.want)
			}
		})
	}
	if n := len(runnerCaches(env, true, func(string) bool { return true }, projectUses())); n != 8 {
		t.Fatalf("with no tree to look at, every cache is offered: got %d, want 8", n)
	}
}
