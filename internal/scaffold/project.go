// Package scaffold writes what a repository needs to adopt storygate
// (`storygate init`: the configuration, the shipped workflows, a first
// story) and later stories (`storygate new`), from the enso.story/v1
// template (docs/spec/enso-story-v1.txt, section 12).
package scaffold

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/jsonstrict"
	"github.com/storygate/storygate/internal/safefile"
)

// Project is what init detected of the repository: the suite the revert
// check reruns and the test paths it governs.
type Project struct {
	// Kind names the project ("Go module"), "" when none was recognised.
	Kind string
	// Marker is the file that told (go.mod), "" when none.
	Marker string
	// Suite is the command that runs the project's tests, "" when unknown.
	Suite string
	// Governed are the revert check's governed test paths.
	Governed []string
	// Notes say what detection skipped, and why.
	Notes []string
}

// kind is one project kind: the files that mark it, its test command and
// the test files its toolchain names by convention.
type kind struct {
	name     string
	markers  []string
	suite    string
	governed []string
	// hasTests, when set, must hold of the marker for the suite to apply
	// (package.json must define a real test script).
	hasTests func(data []byte) (bool, error)
}

// kinds are tried in order; the first whose marker exists wins.
func kinds() []kind {
	return []kind{
		{name: "Go module", markers: []string{"go.mod"}, suite: "go test ./...", governed: []string{"**/*_test.go"}},
		{name: "Python project", markers: []string{"pyproject.toml", "setup.cfg", "pytest.ini"}, suite: "pytest", governed: []string{"**/test_*.py", "**/*_test.py"}},
		{name: "Node package", markers: []string{"package.json"}, suite: "npm test", governed: []string{"**/*.test.js", "**/*.test.ts", "**/*.spec.js", "**/*.spec.ts"}, hasTests: hasTestScript},
		{name: "Rust crate", markers: []string{"Cargo.toml"}, suite: "cargo test"},
		{name: "Maven project", markers: []string{"pom.xml"}, suite: "mvn -q test", governed: []string{"src/test/"}},
		{name: "Gradle project", markers: []string{"build.gradle", "build.gradle.kts"}, suite: "gradle test", governed: []string{"src/test/"}},
	}
}

// testDirs are the test directories governed wherever they exist.
func testDirs() []string { return []string{"tests/", "test/", "spec/", "__tests__/"} }

// markerLimit bounds a marker file read for detection.
const markerLimit = 1 << 20

// Detect finds the project kind at root and the tests the revert check
// should govern. A marker that cannot be used (a link out of the
// repository, a package.json that does not parse) is skipped with a note.
func Detect(root string) Project {
	var p Project
	for _, k := range kinds() {
		marker, data, note := findMarker(root, k.markers)
		if note != "" {
			p.Notes = append(p.Notes, note)
		}
		if marker == "" {
			continue
		}
		if k.hasTests != nil {
			ok, err := k.hasTests(data)
			if err != nil {
				p.Notes = append(p.Notes, fmt.Sprintf("%s: %v; no suite taken from it", marker, err))
				continue
			}
			if !ok {
				p.Notes = append(p.Notes, fmt.Sprintf("%s has no test script; no suite taken from it", marker))
				continue
			}
		}
		p.Kind, p.Marker, p.Suite, p.Governed = k.name, marker, k.suite, slices.Clone(k.governed)
		break
	}
	for _, d := range testDirs() {
		if info, err := os.Lstat(filepath.Join(root, d)); err == nil && info.IsDir() {
			p.Governed = append(p.Governed, d)
		}
	}
	return p
}

// findMarker returns the first of names that is a regular file at root,
// with its content; a marker refused (safefile) gives a note.
func findMarker(root string, names []string) (name string, data []byte, note string) {
	for _, n := range names {
		abs := filepath.Join(root, n)
		if _, err := os.Lstat(abs); err != nil {
			continue
		}
		data, err := safefile.ReadFile(root, abs, markerLimit)
		if err != nil {
			return "", nil, fmt.Sprintf("%s skipped: %v", n, err)
		}
		return n, data, ""
	}
	return "", nil, ""
}

// npmDefaultTest is the test script `npm init` writes: it fails on purpose.
const npmDefaultTest = `echo "Error: no test specified" && exit 1`

// hasTestScript reports whether package.json defines a test script other
// than npm init's placeholder.
func hasTestScript(data []byte) (bool, error) {
	var pkg struct {
		Scripts map[string]string `json:"scripts"`
	}
	if err := jsonstrict.Decode(data, &pkg, jsonstrict.AllowUnknownFields); err != nil {
		return false, fmt.Errorf("does not parse (%w)", err)
	}
	test := strings.TrimSpace(pkg.Scripts["test"])
	return test != "" && test != npmDefaultTest, nil
}
