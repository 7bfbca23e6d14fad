package revert

import (
	"os/exec"
	"strings"
	"testing"
)

// goProject is a tiny Go module whose tests live under tests/.
var goProject = map[string]string{
	"go.mod":       "module example.com/calc\n\ngo 1.21\n",
	"calc/calc.go": "package calc\n\n// Add adds.\nfunc Add(a, b int) int { return a + b }\n",
	"tests/calc_test.go": "package tests\n\nimport (\n\t\"testing\"\n\n\t\"example.com/calc/calc\"\n)\n\n" +
		"func TestAdd(t *testing.T) {\n\tif calc.Add(1, 2) != 3 {\n\t\tt.Fatal(\"1+2\")\n\t}\n}\n",
}

func TestGoSuiteForcedRepairIsPermitted(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go toolchain on PATH")
	}
	t.Setenv("GOTOOLCHAIN", "local")
	t.Setenv("GOFLAGS", "-mod=mod")
	// The change renames Add to Sum; the old test no longer compiles.
	h := build(t, goProject, change{write: map[string]string{
		"calc/calc.go":       "package calc\n\n// Sum adds.\nfunc Sum(a, b int) int { return a + b }\n",
		"tests/calc_test.go": strings.ReplaceAll(goProject["tests/calc_test.go"], "calc.Add", "calc.Sum"),
	}})
	res := h.check(t, "go test ./...", false)
	if res.Verdict != Permitted || !strings.Contains(res.OutputTail, "undefined: calc.Add") {
		t.Fatalf("verdict %s reason %q tail:\n%s", res.Verdict, res.Reason, res.OutputTail)
	}
	if !strings.HasSuffix(res.Interpreter, "/go") {
		t.Errorf("interpreter %q", res.Interpreter)
	}
}

var nodeProject = map[string]string{
	"src/math.js": "exports.double = (x) => x * 2;\n",
	"tests/run.js": "const assert = require('assert');\nconst { double } = require('../src/math.js');\n" +
		"assert.strictEqual(double(2), 4);\nconsole.log('ok');\n",
}

func TestNodeSuiteAddedCoverageIsEscalated(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node on PATH")
	}
	h := build(t, nodeProject, change{write: map[string]string{
		"tests/run.js": nodeProject["tests/run.js"] + "assert.strictEqual(double(0), 0);\n",
	}})
	res := h.check(t, "node tests/run.js", false)
	if res.Verdict != Escalate || !strings.Contains(res.OutputTail, "ok") {
		t.Fatalf("verdict %s reason %q tail %q", res.Verdict, res.Reason, res.OutputTail)
	}
	if !strings.HasSuffix(res.Interpreter, "/node") {
		t.Errorf("interpreter %q", res.Interpreter)
	}
}
