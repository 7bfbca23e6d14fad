package target

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestArchitectureNamesEveryPackage keeps docs/architecture.md's package
// map true: every package of the module (`go list ./...`) is named in it,
// and every `internal/…` or `cmd/…` package it names exists.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "list", "./internal/...", "./cmd/...")
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var listed []string
	for _, line := range strings.Fields(string(out)) {
		listed = append(listed, strings.TrimPrefix(line, module+"/"))
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`((?:internal|cmd)/[a-z0-9/-]+)`").FindAllStringSubmatch(string(doc), -1) {
		named[m[1]] = true
	}
	for _, p := range listed {
		if !named[p] {
			t.Errorf("docs/architecture.md does not name the package %s", p)
		}
	}
	for p := range named {
		if !slices.Contains(listed, p) {
			t.Errorf("docs/architecture.md names %s, which is not a package", p)
		}
	}
}
