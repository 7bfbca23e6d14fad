package sandbox

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// cacheDir is where the runner's caches appear in the sandbox: under the
// private /tmp, which Landlock already lets the command write, each in a
// directory of its own (bind-mounted, so their writes do not count
// against /tmp's size cap).
const cacheDir = "/tmp/cache"

// cache is one of the runner's module or build caches as a command sees
// it: Host is the runner's directory ("" when the runner has none, and the
// command gets an empty private one), Inside where the sandbox mounts its
// private writable layer, and Vars the variables naming it.
type cache struct {
	Name   string
	Host   string
	Inside string
	Vars   []string
	// Unused is set when the project shows no sign of the tool
	// (projectUses): Go's caches are offered all the same, empty, and
	// such an empty one of a single command is a directory in its private
	// /tmp, where every other tool's default cache of such a project
	// lands, not a layer made and removed on the host for each command.
	Unused bool
}

// runnerCaches finds the caches the command's environment names or the
// tools' defaults put under the runner's home: Go's module and build
// caches (always offered, empty when the runner has none, so that an
// exported GOCACHE pointing at an unmounted path cannot break a command),
// npm, pip, cargo's registry and git checkouts, Maven's repository and
// Gradle's caches where they exist and the project uses the tool (uses,
// projectUses). Without offer (verify.caches: false) only Go's, empty.
// exists says whether a host directory is there.
func runnerCaches(env []string, offer bool, exists func(string) bool, uses func(name string) bool) []cache {
	get := envLookup(env)
	home, cacheHome := get("HOME"), get("XDG_CACHE_HOME")
	if cacheHome == "" && home != "" {
		cacheHome = filepath.Join(home, ".cache")
	}
	gopath := firstList(get("GOPATH"))
	if gopath == "" && home != "" {
		gopath = filepath.Join(home, "go")
	}
	cargo := or(get("CARGO_HOME"), join(home, ".cargo"))
	gradle := or(get("GRADLE_USER_HOME"), join(home, ".gradle"))
	candidates := []cache{
		{Name: "go-mod", Host: or(get("GOMODCACHE"), join(gopath, "pkg/mod")), Vars: []string{"GOMODCACHE"}},
		{Name: "go-build", Host: or(get("GOCACHE"), join(cacheHome, "go-build")), Vars: []string{"GOCACHE"}},
		{Name: "npm", Host: or(get("npm_config_cache"), join(home, ".npm")), Vars: []string{"npm_config_cache"}},
		{Name: "pip", Host: or(get("PIP_CACHE_DIR"), join(cacheHome, "pip")), Vars: []string{"PIP_CACHE_DIR"}},
		{Name: "cargo/registry", Host: join(cargo, "registry"), Vars: []string{"CARGO_HOME"}},
		{Name: "cargo/git", Host: join(cargo, "git")},
		{Name: "m2/repository", Host: join(home, ".m2/repository"), Vars: []string{"MAVEN_OPTS"}},
		{Name: "gradle/caches", Host: join(gradle, "caches"), Vars: []string{"GRADLE_USER_HOME"}},
	}
	var out []cache
	for _, c := range candidates {
		c.Unused = !uses(c.Name)
		if !offer || c.Unused || (c.Host != "" && (!filepath.IsAbs(c.Host) || !exists(c.Host))) {
			c.Host = ""
		}
		if c.Host == "" && !strings.HasPrefix(c.Name, "go-") {
			continue
		}
		c.Inside = cacheDir + "/" + c.Name
		out = append(out, c)
	}
	return out
}

// Layer is how a command got one of the runner's caches (Report.Caches).
type Layer string

// The layers: an overlay over the runner's directory (bwrap's, or a
// kernel overlay a root storygate mounts itself), a private copy of it, the directory itself read-only, or an empty private directory when
// the runner has none (or verify.caches is false).
const (
	LayerOverlay       Layer = "overlay"
	LayerKernelOverlay Layer = "kernel-overlay"
	LayerCopy          Layer = "copy"
	LayerReadOnly      Layer = "read-only"
	LayerEmpty         Layer = "empty"
)

// CacheReport says how the commands got one cache: Host is the runner's
// directory, Inside the path the variables name in the sandbox.
type CacheReport struct {
	Name   string `json:"name"`
	Host   string `json:"host,omitempty"`
	Inside string `json:"inside"`
	Layer  Layer  `json:"layer"`
}

// cacheParents are the directories above the caches' mount points, under
// cacheDir, parents first.
func cacheParents(caches []cache) []string {
	var out []string
	made := map[string]bool{}
	for _, c := range caches {
		if !strings.HasPrefix(c.Inside, cacheDir+"/") {
			continue // at the runner's path (modulesInPlace): mountParents makes its parents
		}
		for _, d := range []string{cacheDir, filepath.Dir(c.Inside)} {
			if !made[d] {
				made[d] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// cacheEnv rewrites env so that every variable naming a cache names its
// in-sandbox path: the host's paths are not mounted, and a tool told to
// use one would fail or, worse, start from nothing.
func cacheEnv(env []string, caches []cache) []string {
	set := map[string]string{}
	for _, c := range caches {
		for _, v := range c.Vars {
			set[v] = cacheValue(v, c.Inside, envLookup(env)(v))
		}
	}
	out := make([]string, 0, len(env)+len(set))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if _, ok := set[name]; !ok {
			out = append(out, kv)
		}
	}
	for _, v := range slices.Sorted(maps.Keys(set)) {
		out = append(out, v+"="+set[v])
	}
	return out
}

// cacheValue is variable v's in-sandbox value for a cache mounted at
// inside: the directory itself, its parent for the variables that name a
// tool's home (cargo, Gradle), and for MAVEN_OPTS the old options with the
// local repository set.
func cacheValue(v, inside, old string) string {
	switch v {
	case "CARGO_HOME", "GRADLE_USER_HOME":
		return filepath.Dir(inside)
	case "MAVEN_OPTS":
		return strings.TrimSpace(old + " -Dmaven.repo.local=" + inside)
	}
	return inside
}

func envLookup(env []string) func(string) string {
	return func(name string) string {
		value := ""
		for _, kv := range env {
			if k, v, ok := strings.Cut(kv, "="); ok && k == name {
				value = v
			}
		}
		return value
	}
}

// firstList is the first entry of a path list (GOPATH's module cache is
// under its first entry).
func firstList(list string) string {
	first, _, _ := strings.Cut(list, string(filepath.ListSeparator))
	return first
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// join is filepath.Join, or "" when dir is unknown.
func join(dir, rel string) string {
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, rel)
}
