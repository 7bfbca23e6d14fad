package cli

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/golden"
	"github.com/storygate/storygate/internal/testrepo"
)

var update = flag.Bool("update", false, "rewrite expected outputs")

// TestRepositoryScenarios runs storygate validate --base on whole
// repositories built from testdata/scenarios (see its README).
func TestRepositoryScenarios(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "..", "testdata", "scenarios", "*", "base"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no scenarios found: %v", err)
	}
	for _, base := range dirs {
		dir := filepath.Dir(base)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			repo := testrepo.New(t)
			repo.CopyTree(base)
			baseSHA := repo.Commit("base")
			repo.CopyTree(filepath.Join(dir, "head"))
			repo.Commit("head")
			code, out, errOut := run(t, "validate", "--root", repo.Root, "--base", baseSHA)
			got := strings.ReplaceAll(out, baseSHA, "BASE") + "exit " + string(rune('0'+code)) + "\n" + errOut
			golden.Check(t, filepath.Join(dir, "expected.out"), got, *update)
		})
	}
}
