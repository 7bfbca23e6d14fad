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

// BenchmarkRevertMaterialize times, in the same run and interleaved, the
// revert check's workspace preparation (the base versions snapshotted with
// their hashes checked, revert.NewWorkspace cloning the repository with
// history at head, then Restore setting each changed governed path back to
// base) against the git CLI doing the same by hand (git clone --shared +
// git checkout HEAD + git checkout BASE -- paths). The suite is not run. It
// reports both in ms/op and their ratio (target: ratio <= 1.0).
func BenchmarkRevertMaterialize(b *testing.B) {
	repo := buildRepo(b, 10000)
	var ours, theirs time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ours += prepareGoGit(b, repo)
		theirs += prepareGitCLI(b, repo)
	}
	b.StopTimer()
	reportRatio(b, ours, "storygate-ms/op", theirs, "git-cli-ms/op")
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
