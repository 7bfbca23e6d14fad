package collect

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

// TestNoExecutionRunsNothingFromTheChange: with NoExecution a verification
// command that would leave a marker never runs and the revert check is not
// called, both reported as skipped; without it (the control) the command
// runs.
func TestNoExecutionRunsNothingFromTheChange(t *testing.T) {
	for _, noExec := range []bool{true, false} {
		repo := testrepo.New(t)
		repo.Write(map[string]string{"tests/a_test.go": "package a\n"})
		base := repo.Commit("base")
		marker := filepath.Join(t.TempDir(), "ran")
		story := strings.Replace(doneStory(t, "p95_ok"), `command: "true"`, "command: touch "+marker, 1)
		repo.Write(map[string]string{"stories/STORY-001.md": story, "tests/a_test.go": "package a // edited\n"})
		repo.Commit("done")
		reverted := false
		revert := func(context.Context, RevertInput) (gate.Revert, []diag.Diagnostic, error) {
			reverted = true
			return gate.Revert{Verdict: "permitted"}, nil, nil
		}
		// The sandbox is off so that the marker, written outside the
		// repository, shows whether the command ran.
		cfg := withSuite()
		cfg.Verify.Sandbox = "off"
		res := runGateWith(t, repo.Root, base, cfg, Options{Environ: []string{"PATH=" + os.Getenv("PATH")}, Revert: revert, NoExecution: noExec})
		_, err := os.Stat(marker)
		ran := err == nil
		if ran == noExec || reverted == noExec {
			t.Errorf("NoExecution=%v: verification ran %v, revert check ran %v", noExec, ran, reverted)
		}
		if noExec && (conclusion(t, res, gate.Verify) != gate.Skipped || conclusion(t, res, gate.RevertCheck) != gate.Skipped) {
			t.Errorf("NoExecution must report verify and revert-check as skipped: %+v", res.Gates)
		}
		if conclusion(t, res, gate.Stories) == gate.Skipped {
			t.Errorf("the stories gate runs either way: %+v", res.Gates)
		}
	}
}
