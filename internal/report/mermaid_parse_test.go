package report

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// mermaidTool is the node script that parses Mermaid blocks with the real
// mermaid parser under jsdom; its packages come from `npm ci` in its
// directory (.ci/run does that).
var mermaidTool = filepath.Join("..", "..", "tools", "mermaidcheck")

// requireMermaidEnv, when set, makes a missing node or npm install a failure
// instead of a skip: CI sets it, so the check cannot silently stop running.
const requireMermaidEnv = "STORYGATE_REQUIRE_MERMAID"

func mermaidChecker(t *testing.T) []string {
	t.Helper()
	node, err := exec.LookPath("node")
	missing := ""
	switch {
	case err != nil:
		missing = "node is not installed"
	case !exists(filepath.Join(mermaidTool, "node_modules", "mermaid", "package.json")) || !exists(filepath.Join(mermaidTool, "node_modules", "jsdom", "package.json")):
		missing = "mermaid and jsdom are not installed (run `npm ci` in tools/mermaidcheck)"
	}
	if missing != "" {
		if os.Getenv(requireMermaidEnv) != "" {
			t.Fatalf("%s, and %s is set", missing, requireMermaidEnv)
		}
		t.Skipf("skipping the Mermaid parse check: %s", missing)
	}
	return []string{node, filepath.Join(mermaidTool, "check.mjs")}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// stageDiagrams is the stage gate's golden report fragment, which the
// comment embeds: its diagrams must parse as well as the stories'.
var stageDiagrams = filepath.Join("..", "stage", "testdata", "changes.md")

// TestGoldenDiagramsParseWithMermaid runs mermaid's own parser over every
// diagram of the golden comments (and of the stage fragment they embed)
// and, in the same run (node and mermaid take a second to start), over a
// broken one that must be refused.
func TestGoldenDiagramsParseWithMermaid(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starting node and mermaid takes seconds; run without -short")
	}
	cmd := mermaidChecker(t)
	golden, err := filepath.Glob(filepath.Join("testdata", "*.golden.md"))
	if err != nil || len(golden) == 0 {
		t.Fatalf("no golden comments: %v", err)
	}
	broken := filepath.Join("testdata", "mermaid-broken.md")
	files := append(append(golden, stageDiagrams), broken)
	out, err := exec.Command(cmd[0], append(cmd[1:], files...)...).CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("the checker must fail on the broken control only (%v):\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for _, line := range lines[:len(lines)-1] {
		refused := strings.HasPrefix(line, "FAIL ")
		if refused != strings.HasPrefix(line, "FAIL "+broken+" ") || !refused && !strings.HasPrefix(line, "ok ") {
			t.Errorf("unexpected verdict: %s", line)
		}
	}
	if !strings.Contains(string(out), "FAIL "+broken+" block 1") || !strings.HasSuffix(lines[len(lines)-1], "parsed, 1 failed") {
		t.Errorf("the broken diagram was not refused:\n%s", out)
	}
}
