package target

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/testrepo"
)

// forked is a repository whose base branch moved on after a pull request
// branched from it: fork is where the PR branched, tip the base branch's
// later commit (it changes main.txt and the policy), head the PR's commit
// (it changes pkg/pr.txt). The work tree has head checked out.
type forked struct {
	repo            *testrepo.Repo
	fork, tip, head string
}

func newForked(t *testing.T) forked {
	t.Helper()
	repo := testrepo.New(t)
	repo.Write(map[string]string{"main.txt": "a\n", "pkg/pr.txt": "a\n", ".github/storygate.yml": "approvers:\n  permission: maintain\n"})
	f := forked{repo: repo, fork: repo.Commit("fork point")}
	repo.Write(map[string]string{"main.txt": "b\n", ".github/storygate.yml": "approvers:\n  permission: admin\n"})
	f.tip = repo.Commit("the base branch moves on")
	testrepo.GitCLI(t, repo.Root, "checkout", "-q", "--detach", f.fork)
	repo.Write(map[string]string{"pkg/pr.txt": "pr\n"})
	f.head = repo.Commit("the pull request")
	return f
}

// TestTheChangeStartsAtTheMergeBase: the base branch's own later commits
// are never the pull request's change, whichever base is named; the
// policy is the named base's (the tip), never the older merge base's, so
// a branch made from an old commit cannot choose the policy of its day.
func TestTheChangeStartsAtTheMergeBase(t *testing.T) {
	t.Parallel()
	f := newForked(t)
	for _, c := range []struct {
		name, base string
		want       []gitrepo.Change
		permission string
	}{
		{"the base branch's tip", f.tip, []gitrepo.Change{{Path: "pkg/pr.txt", Kind: gitrepo.Modified}}, "admin"},
		{"the fork point itself", f.fork, []gitrepo.Change{{Path: "pkg/pr.txt", Kind: gitrepo.Modified}}, "maintain"},
	} {
		tg, err := Open(Options{Root: f.repo.Root, Base: c.base})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if tg.MergeBaseSHA() != f.fork || tg.BaseSHA() != c.base || tg.HeadSHA() != f.head {
			t.Errorf("%s: merge base %s base %s head %s, want %s %s %s", c.name, tg.MergeBaseSHA(), tg.BaseSHA(), tg.HeadSHA(), f.fork, c.base, f.head)
		}
		if !slices.Equal(tg.Changes(), c.want) {
			t.Errorf("%s: changes %v, want %v", c.name, tg.Changes(), c.want)
		}
		if got := tg.Policy().Approvers.Permission; got != c.permission {
			t.Errorf("%s: policy permission %s, want the named base's %s", c.name, got, c.permission)
		}
		if tg.Changed("main.txt") || !tg.Changed("pkg/pr.txt") {
			t.Errorf("%s: Changed says main.txt %v, pkg/pr.txt %v", c.name, tg.Changed("main.txt"), tg.Changed("pkg/pr.txt"))
		}
	}
}

// TestAPackageRootSeesItsOwnChanges: a root inside its repository has its
// place, and its changes by their paths in it.
func TestAPackageRootSeesItsOwnChanges(t *testing.T) {
	t.Parallel()
	f := newForked(t)
	tg, err := Open(Options{Root: filepath.Join(f.repo.Root, "pkg"), Base: f.tip, Policy: config.Default()})
	if err != nil {
		t.Fatal(err)
	}
	want := []gitrepo.Change{{Path: "pr.txt", Kind: gitrepo.Modified}}
	if tg.Place() != "pkg" || !slices.Equal(tg.InRoot(), want) || tg.RepoPath("pr.txt") != "pkg/pr.txt" {
		t.Errorf("place %q, in root %v, repo path %q", tg.Place(), tg.InRoot(), tg.RepoPath("pr.txt"))
	}
	if src := tg.Source(); src.Top != f.repo.Root || src.Place != "pkg" || src.Commit != f.head {
		t.Errorf("sandbox source %+v", src)
	}
}

// TestANamedHeadIsResolvedOnce: a head named explicitly is the commit
// judged whatever the work tree has checked out (publish's case), and
// HeadCheckedOut says whether the files on disk are its.
func TestANamedHeadIsResolvedOnce(t *testing.T) {
	t.Parallel()
	f := newForked(t)
	for _, c := range []struct {
		head, want string
		checkedOut bool
	}{{"", f.head, true}, {f.head, f.head, true}, {f.tip, f.tip, false}} {
		tg, err := Open(Options{Root: f.repo.Root, Base: f.fork, Head: c.head, Policy: config.Default()})
		if err != nil {
			t.Fatal(err)
		}
		if tg.HeadSHA() != c.want || tg.HeadCheckedOut() != c.checkedOut {
			t.Errorf("head %q: judged %s checked out %v, want %s %v", c.head, tg.HeadSHA(), tg.HeadCheckedOut(), c.want, c.checkedOut)
		}
	}
}

// TestObjectTakesOnlyFullHashes: after Open, commits are looked up by
// hash; a revision name is refused rather than resolved again.
func TestObjectTakesOnlyFullHashes(t *testing.T) {
	t.Parallel()
	f := newForked(t)
	tg, err := Open(Options{Root: f.repo.Root, Policy: config.Default()})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := tg.Object(f.tip); err != nil || c.Hash.String() != f.tip {
		t.Errorf("full hash: %v %v", c, err)
	}
	for _, name := range []string{"HEAD", "master", f.tip[:12], strings.ToUpper(f.tip)} {
		if _, err := tg.Object(name); !errors.Is(err, ErrNotAHash) {
			t.Errorf("%q: err %v, want ErrNotAHash", name, err)
		}
	}
}

// TestWhatCannotBeJudgedIsRefused: unrelated histories have no merge base,
// a base needs a repository, a missing base is named; without a base a
// directory in no repository is a run like any other.
func TestWhatCannotBeJudgedIsRefused(t *testing.T) {
	t.Parallel()
	f := newForked(t)
	other := testrepo.New(t)
	other.Write(map[string]string{"x": "x\n"})
	orphan := other.Commit("unrelated")
	testrepo.GitCLI(t, f.repo.Root, "fetch", "-q", other.Root, orphan)
	if _, err := Open(Options{Root: f.repo.Root, Base: orphan, Policy: config.Default()}); !errors.Is(err, ErrNoMergeBase) {
		t.Errorf("unrelated base: %v, want ErrNoMergeBase", err)
	}
	if _, err := Open(Options{Root: f.repo.Root, Base: strings.Repeat("a", 40), Policy: config.Default()}); !errors.Is(err, gitrepo.ErrRevisionMissing) {
		t.Errorf("missing base: %v, want ErrRevisionMissing", err)
	}
	plain := t.TempDir()
	if _, err := Open(Options{Root: plain, Base: "main"}); !errors.Is(err, ErrNoRepository) {
		t.Errorf("base without a repository: %v, want ErrNoRepository", err)
	}
	tg, err := Open(Options{Root: plain})
	if err != nil || tg.Repo() != nil || tg.Place() != "" || tg.HasBase() || !tg.Changed("anything") || tg.Source().Commit != "" {
		t.Errorf("no repository, no base: %v %+v", err, tg)
	}
}
