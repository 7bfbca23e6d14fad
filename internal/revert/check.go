package revert

import (
	"context"
	"fmt"
	"os/exec"
	"path"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/verify"
)

// Options are the inputs of one revert check.
type Options struct {
	Repo       *gitrepo.Repo
	Base, Head *object.Commit
	// Changes is the change to decide; nil means Repo.Changes(Base, Head).
	// A caller deciding a recorded list (a stage's changed_files) passes it.
	Changes []gitrepo.Change
	// Root is where the stories' root is in Repo's work tree: a clean
	// slash path relative to its top ("" or "." for the top itself), as
	// gitrepo.Repo.PathOf gives it for --root, found before any
	// command from the change ran. Governed and Granted are relative to
	// it and the suite starts in it; Changes and the result keep the
	// repository paths git reports.
	Root string
	// Governed and Granted are path prefixes relative to Root (see Collect).
	Governed, Granted []string
	// Suite is the shell command that runs the test suite.
	Suite string
	// Granularity is what one suite run decides; empty means ByAuto.
	Granularity Granularity
	// MaxRuns bounds the suite runs, the baseline included; below
	// config.MinMaxRuns it is config.DefaultMaxRuns.
	MaxRuns int
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
	// Progress hears each suite run start and finish, the baseline
	// first (nil: nobody listens).
	Progress verify.Progress
}

// Check runs the revert check. Its error is for storygate's own failures
// (git objects, temporary files); every way the check cannot decide is a
// CouldNotRun result instead, so it fails closed and says why.
func Check(ctx context.Context, opt Options) (*Result, error) {
	changes, err := changesOf(opt)
	if err != nil {
		return nil, err
	}
	if err := checkRoot(opt.Root); err != nil {
		return nil, err
	}
	col := Collect(changes, opt.Root, opt.Governed, opt.Granted)
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
	if opt.granularity() != BySet {
		return res, checkFine(ctx, opt, res)
	}
	return res, checkTogether(ctx, opt, res)
}

// checkRoot refuses a Root that is not a clean relative path inside the
// repository: the caller's mistake, never something to match against.
func checkRoot(root string) error {
	if root == "" || root == "." {
		return nil
	}
	if path.Clean(root) != root || path.IsAbs(root) || root == ".." || strings.HasPrefix(root, "../") {
		return fmt.Errorf("revert check: the root %q is not a clean slash path inside the repository", root)
	}
	return nil
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
		Paths: []string{}, Command: opt.Suite, Interpreter: interpreter(opt.Suite),
		Granularity: opt.granularity(), PerFile: opt.granularity() != BySet, MaxRuns: opt.maxRuns(),
		ExitCode: -1, kinds: map[string]string{}}
	if opt.Root != "." {
		res.Root = opt.Root
	}
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
// is built: no suite, or (at set granularity) a path with no base version,
// which cannot be reverted; finer granularities decide the other paths.
func cannotStart(opt Options, col Collection) string {
	if strings.TrimSpace(opt.Suite) == "" {
		return "no suite command is configured (--suite or revert.suite), so nothing can decide the governed edits"
	}
	if opt.granularity() != BySet {
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
