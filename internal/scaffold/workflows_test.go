package scaffold

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/storygate/storygate/internal/workflows"
)

// repoRoot is this repository, whose .github/workflows init copies.
var repoRoot = filepath.Join("..", "..")

// TestInitWritesTheShippedWorkflows: the workflows init writes are this
// repository's own files, byte for byte (the transform is the identity:
// they are embedded as they are, so they `uses:` whatever the shipped
// files use), and they pass the repository's workflow checks (actionlint
// and the leak checks) where init wrote them.
func TestInitWritesTheShippedWorkflows(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"go.mod": "module x\n"})
	mustInit(t, Options{Root: root, WithCommands: true, WithReverify: true, Now: at})
	for _, name := range []string{"storygate.yml", "storygate-publish.yml", "storygate-commands.yml", "storygate-reverify.yml"} {
		rel := ".github/workflows/" + name
		shipped, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		written, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		if string(written) != string(shipped) {
			t.Errorf("%s differs from the shipped file", rel)
		}
		f := workflows.File{Path: rel, Content: written}
		lint, err := workflows.Lint(root, f)
		if err != nil {
			t.Fatal(err)
		}
		leaks, err := workflows.Leaks(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range append(lint, leaks...) {
			t.Errorf("%s", x)
		}
	}
}
