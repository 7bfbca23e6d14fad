package pairtest

import (
	"strings"
	"testing"
)

// TestEvaluatorFollowsGitHub checks the interpreter on the expressions the
// workflow files use and refuses what it does not implement.
func TestEvaluatorFollowsGitHub(t *testing.T) {
	t.Parallel()
	ev := evaluator{contexts: map[string]any{
		"inputs": map[string]any{},
		"github": map[string]any{"token": "tok", "event": map[string]any{
			"pull_request": map[string]any{"head": map[string]any{"sha": "abc"}},
			"workflow_run": map[string]any{"conclusion": "failure", "id": float64(42)}}},
	}}
	for src, want := range map[string]string{
		"${{ inputs.head_sha || github.event.pull_request.head.sha }}":   "abc",
		"run ${{ github.event.workflow_run.id }} by ${{ github.token }}": "run 42 by tok",
		"${{ github.event.merge_group.head_ref }}":                       "",
		"${{ github.EVENT.Pull_Request.head.sha }}":                      "abc",
	} {
		if got, err := ev.interpolate(src); err != nil || got != want {
			t.Errorf("%s = %q (%v), want %q", src, got, err, want)
		}
	}
	if ok, err := ev.condition("github.event.pull_request && contains(github.token, 'TO')"); err != nil || !ok {
		t.Errorf("contains: %v (%v)", ok, err)
	}
	cond := "github.event.workflow_run.conclusion == 'success' || github.event.workflow_run.conclusion == 'FAILURE'"
	if ok, err := ev.condition(cond); err != nil || !ok {
		t.Errorf("%s = %v (%v)", cond, ok, err)
	}
	ev.failed = true
	for cond, want := range map[string]bool{"": false, "always()": true, "failure()": true, "${{ success() }}": false, "github.token == 'tok'": false} {
		if ok, err := ev.condition(cond); err != nil || ok != want {
			t.Errorf("after a failure, if %q = %v (%v), want %v", cond, ok, err, want)
		}
	}
	for _, src := range []string{"${{ secrets.TOKEN }}", "${{ startsWith(github.token, 't') }}", "${{ github.event.* }}"} {
		if _, err := ev.interpolate(src); err == nil {
			t.Errorf("%s evaluated; the harness must refuse what it does not implement", src)
		}
	}
}

// TestWorkflowDecodingRefusesUnknownKeys: a key the harness does not
// interpret (a step's shell) fails decoding instead of being ignored.
func TestWorkflowDecodingRefusesUnknownKeys(t *testing.T) {
	t.Parallel()
	path := t.TempDir() + "/wf.yml"
	writeFile(t, path, "name: x\non:\n  workflow_dispatch:\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n        shell: sh\n")
	if _, _, err := loadWorkflow(path); err == nil || !strings.Contains(err.Error(), "shell") {
		t.Errorf("got %v, want the unknown key refused", err)
	}
}

// TestReadOutputsBothForms parses name=value and heredoc outputs.
func TestReadOutputsBothForms(t *testing.T) {
	t.Parallel()
	path := t.TempDir() + "/out"
	writeFile(t, path, "conclusion=failure\nsummary<<EOF_1\nline one\nline=two\nEOF_1\n")
	got, err := readOutputs(path)
	if err != nil || got["conclusion"] != "failure" || got["summary"] != "line one\nline=two" {
		t.Errorf("got %q (%v)", got, err)
	}
}
