package revert

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/sandbox"
)

// Options are the inputs of one revert check.
type Options struct {
	Repo       *gitrepo.Repo
	Base, Head *object.Commit
	// Changes is the change to decide; nil means Repo.Changes(Base, Head).
	// A caller deciding a recorded list (a stage's changed_files) passes it.
	Changes []gitrepo.Change
	// Governed and Granted are path prefixes (see Collect).
	Governed, Granted []string
	// Suite is the shell command that runs the test suite.
	Suite string
	// PerFile decides each reverted path on its own, one suite run each.
	PerFile bool
	// Env is the suite's environment, already stripped of secrets.
	Env []string
	// Timeout bounds each suite run; zero means verify.DefaultTimeout.
	Timeout time.Duration
	// Sandbox isolates every suite run; nil runs them unisolated.
	Sandbox *sandbox.Sandbox
	// Snapshot holds the base versions to restore, read with their hashes
	// checked before any command from the change ran (the gate takes it
	// before the verification reruns). Nil: Check takes it itself, before
	// the first suite run.
	Snapshot *gitrepo.Snapshot
}

// Check runs the revert check. Its error is for storygate's own failures
// (git objects, temporary files); every way the check cannot decide is a
// CouldNotRun result instead, so it fails closed and says why.
func Check(ctx context.Context, opt Options) (*Result, error) {
	changes, err := changesOf(opt)
	if err != nil {
		return nil, err
	}
	col := Collect(changes, opt.Governed, opt.Granted)
	res := newResult(opt, col)
	if len(col.Reverted) == 0 {
		return res, nil
	}
	res.Decided = true
	if reason := cannotStart(opt, col); reason != "" {
		res.Verdict, res.Reason = CouldNotRun, reason
		return res, nil
	}
	if opt.Snapshot == nil {
		if opt.Snapshot, err = opt.Repo.Snapshot(opt.Base.Hash, res.Paths); err != nil {
			res.Verdict, res.Reason = CouldNotRun, fmt.Sprintf("the base versions cannot be read with their hashes checked, so nothing genuine can be restored: %v", err)
			return res, nil
		}
	}
	report := opt.Sandbox.Report()
	res.Sandbox = &report
	if opt.PerFile {
		return res, checkPerFile(ctx, opt, res)
	}
	return res, checkTogether(ctx, opt, res)
}

func changesOf(opt Options) ([]gitrepo.Change, error) {
	if opt.Changes != nil {
		return opt.Changes, nil
	}
	changes, err := opt.Repo.Changes(opt.Base, opt.Head)
	if err != nil {
		return nil, fmt.Errorf("revert check: %w", err)
	}
	return changes, nil
}

func newResult(opt Options, col Collection) *Result {
	res := &Result{Version: ResultVersion, Base: opt.Base.Hash.String(), Head: opt.Head.Hash.String(),
		Paths: []string{}, Command: opt.Suite, Interpreter: interpreter(opt.Suite), PerFile: opt.PerFile,
		ExitCode: -1, kinds: map[string]string{}}
	for _, ch := range col.Reverted {
		res.Paths = append(res.Paths, ch.Path)
		res.kinds[ch.Path] = string(ch.Kind)
	}
	for _, ch := range col.Created {
		res.Created = append(res.Created, ch.Path)
	}
	return res
}

// cannotStart names a reason the whole check cannot decide before any tree
// is built: no suite, or (deciding the set together) a path with no base
// version, which cannot be reverted.
func cannotStart(opt Options, col Collection) string {
	if strings.TrimSpace(opt.Suite) == "" {
		return "no suite command is configured (--suite or revert.suite), so nothing can decide the governed edits"
	}
	if opt.PerFile {
		return ""
	}
	var missing []string
	for _, ch := range col.Reverted {
		if !hasBaseVersion(opt.Base, ch.Path) {
			missing = append(missing, ch.Path)
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("no version at base %s to revert to: %s", shortHash(opt.Base), strings.Join(missing, ", "))
	}
	return ""
}

func hasBaseVersion(base *object.Commit, path string) bool {
	f, err := base.File(path)
	return err == nil && f.Mode != filemode.Submodule
}

// interpreter names what the suite command runs: the resolved path of its
// first word (after any VAR=value assignments), recorded so a reader knows
// which toolchain decided.
func interpreter(suite string) string {
	for _, word := range strings.Fields(suite) {
		if strings.Contains(word, "=") {
			continue
		}
		if p, err := exec.LookPath(word); err == nil {
			return p
		}
		return word
	}
	return ""
}

func shortHash(c *object.Commit) string { return c.Hash.String()[:12] }
