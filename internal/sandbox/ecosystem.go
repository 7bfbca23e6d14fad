package sandbox

import (
	"os"
	"path/filepath"
	"strings"
)

// cacheMarkers are, by cache, the files that show a project uses the
// cache's tool: a cache is mounted for a check only when its tree has one
// of them at its top, in the root's directory, or one directory below
// either (a monorepo's packages). A Go project gets no npm cache, and so
// neither its cost (a private layer is one directory per directory of the
// cache) nor its contents. Go's caches are listed too, but a project
// without Go still gets them, empty (runnerCaches).
var cacheMarkers = map[string][]string{
	"go-mod":         {"go.mod", "go.work"},
	"go-build":       {"go.mod", "go.work"},
	"npm":            {"package.json"},
	"pip":            {"pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "Pipfile", "tox.ini"},
	"cargo/registry": {"Cargo.toml"},
	"cargo/git":      {"Cargo.toml"},
	"m2/repository":  {"pom.xml"},
	"gradle/caches":  {"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "gradlew"},
}

// projectUses reports, for a cache's name, whether the trees in dirs
// (a clone's top and the root in it) use its tool; nil dirs means every
// tool (a caller with no tree to look at).
func projectUses(dirs ...string) func(name string) bool {
	if len(dirs) == 0 {
		return func(string) bool { return true }
	}
	present := map[string]bool{}
	for _, d := range dirs {
		markersIn(d, present, 1)
	}
	return func(name string) bool {
		markers, known := cacheMarkers[name]
		if !known {
			return true
		}
		for _, m := range markers {
			if present[m] {
				return true
			}
		}
		return false
	}
}

// markersIn records which marker names dir holds, looking depth levels
// below it too; hidden directories are skipped.
func markersIn(dir string, present map[string]bool, depth int) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() {
			if depth > 0 && !strings.HasPrefix(name, ".") {
				markersIn(filepath.Join(dir, name), present, depth-1)
			}
			continue
		}
		if isMarker(name) || strings.HasPrefix(name, "requirements") && strings.HasSuffix(name, ".txt") {
			present[markerName(name)] = true
		}
	}
}

func isMarker(name string) bool {
	for _, ms := range cacheMarkers {
		for _, m := range ms {
			if m == name {
				return true
			}
		}
	}
	return false
}

// markerName folds requirements-dev.txt and the like into
// requirements.txt.
func markerName(name string) string {
	if strings.HasPrefix(name, "requirements") && strings.HasSuffix(name, ".txt") {
		return "requirements.txt"
	}
	return name
}
