package bench

import (
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/revert"
	"github.com/storygate/storygate/internal/sandbox"
)

// BenchmarkRevertMaterialize times, in the same run and interleaved (the
// order turning each round), the revert check's workspace preparation
// (the base versions snapshotted with their hashes checked,
// revert.NewWorkspace materializing the repository with history at head,
// then Restore setting each changed governed path back to base) against
// the git CLI doing the same by hand two ways: git clone --shared + git
// checkout HEAD + git checkout BASE -- paths, and git worktree add + git
// checkout BASE -- paths. Every contender's tree is removed untimed and
// the disk synced before the next one starts. The suite is not run. It
// reports the median of each in ms and the ratios of the medians
// (target: both <= 1.0).
func BenchmarkRevertMaterialize(b *testing.B) {
	repo := buildRepo(b, 10000)
	contenders := []func() time.Duration{
		func() time.Duration { return prepareGoGit(b, repo) },
		func() time.Duration { return prepareGitCLI(b, repo) },
		func() time.Duration { return prepareWorktree(b, repo) },
	}
	times := make([][]time.Duration, len(contenders))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range contenders {
			k := (i + j) % len(contenders)
			times[k] = append(times[k], contenders[k]())
		}
	}
	b.StopTimer()
	ours, clone, worktree := median(times[0]), median(times[1]), median(times[2])
	b.ReportMetric(ours, "storygate-ms")
	b.ReportMetric(clone, "git-clone-ms")
	b.ReportMetric(worktree, "git-worktree-ms")
	b.ReportMetric(ours/clone, "ratio-clone")
	b.ReportMetric(ours/worktree, "ratio-worktree")
}

// prepareWorktree is the git CLI's cheapest route: a worktree of the
// repository's own objects at head, the paths checked out at base.
func prepareWorktree(b *testing.B, repo genRepo) time.Duration {
	dir := filepath.Join(b.TempDir(), "w")
	start := time.Now()
	gitCmd(b, repo.Dir, nil, "worktree", "add", "-q", "--detach", dir, "main")
	gitCmd(b, dir, nil, append([]string{"checkout", "main~1", "--"}, repo.Restored...)...)
	took := time.Since(start)
	b.StopTimer()
	gitCmd(b, repo.Dir, nil, "worktree", "remove", "--force", dir)
	settle()
	b.StartTimer()
	return took
}

// reportRatio reports two contenders' mean times per op and their ratio.
func reportRatio(b *testing.B, ours time.Duration, oursUnit string, theirs time.Duration, theirsUnit string) {
	n := float64(b.N)
	b.ReportMetric(float64(ours.Milliseconds())/n, oursUnit)
	b.ReportMetric(float64(theirs.Milliseconds())/n, theirsUnit)
	b.ReportMetric(float64(ours)/float64(theirs), "ratio")
}

// prepareGoGit returns the time to open the repository, resolve both
// revisions, materialize head and restore the paths; removing the tree
// afterwards is not counted.
func prepareGoGit(b *testing.B, repo genRepo) time.Duration {
	start := time.Now()
	r, err := gitrepo.Open(repo.Dir)
	if err != nil {
		b.Fatal(err)
	}
	head, base := commitOf(b, r, "main"), commitOf(b, r, "main~1")
	snap, err := r.Snapshot(base.Hash, repo.Restored)
	if err != nil {
		b.Fatal(err)
	}
	w, err := revert.NewWorkspace(context.Background(), r, head)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range repo.Restored {
		blob, err := snap.Blob(p)
		if err != nil {
			b.Fatal(err)
		}
		if err := w.Restore(blob); err != nil {
			b.Fatal(err)
		}
	}
	took := time.Since(start)
	b.StopTimer()
	w.Close()
	settle()
	b.StartTimer()
	return took
}

func commitOf(b testing.TB, r *gitrepo.Repo, rev string) *object.Commit {
	c, err := r.Commit(rev)
	if err != nil {
		b.Fatal(err)
	}
	return c
}

func prepareGitCLI(b *testing.B, repo genRepo) time.Duration {
	dir := filepath.Join(b.TempDir(), "w")
	start := time.Now()
	gitCmd(b, repo.Dir, nil, "clone", "-q", "--shared", "--no-checkout", repo.Dir, dir)
	gitCmd(b, dir, nil, "checkout", "-q", "--detach", "origin/main")
	gitCmd(b, dir, nil, append([]string{"checkout", "origin/main~1", "--"}, repo.Restored...)...)
	took := time.Since(start)
	b.StopTimer()
	sandbox.RemoveTree(dir)
	settle()
	b.StartTimer()
	return took
}

// settle flushes the previous contender's deletions to disk, so their
// write-back is not charged to whichever contender runs next.
func settle() {
	syscall.Sync()
}
