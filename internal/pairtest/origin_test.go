package pairtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// origin is GitHub's git side of the repository: a bare repository with
// the default branch, the pull request's branch (unless it comes from a
// fork) and GitHub's refs/pull/N/head and refs/pull/N/merge. It serves any
// commit by SHA, as GitHub serves a pull request's commits.
type origin struct {
	t    *testing.T
	dir  string
	home string
	// author is where the test makes commits before pushing them.
	author *testrepo.Repo
}

// Fixed names of the pull request the recorded payloads describe.
const (
	defaultBranch = "main"
	prBranch      = "feature"
	prNumber      = 2
	prRepo        = "Codertocat/Hello-World"
	forkRepo      = "someone/Hello-World"
)

func newOrigin(t *testing.T) *origin {
	t.Helper()
	o := &origin{t: t, dir: filepath.Join(t.TempDir(), "origin.git"), home: t.TempDir(), author: testrepo.New(t)}
	o.git("", "init", "--bare", "--initial-branch="+defaultBranch, o.dir)
	o.git(o.dir, "config", "uploadpack.allowAnySHA1InWant", "true")
	return o
}

// git runs git in dir (the origin when empty), failing the test on error.
func (o *origin) git(dir string, args ...string) string {
	o.t.Helper()
	if dir == "" {
		dir = o.home
	}
	out, err := git(dir, o.home, args...)
	if err != nil {
		o.t.Fatal(err)
	}
	return out
}

// commitTree commits the files under dir (replacing the author's tree)
// on the author's current commit and returns the commit.
func (o *origin) commitTree(dir, msg string) string {
	o.t.Helper()
	o.author.CopyTree(dir)
	return o.author.Commit(msg)
}

// commitFiles commits files on top of the author's tree.
func (o *origin) commitFiles(files map[string]string, msg string) string {
	o.t.Helper()
	o.author.Write(files)
	return o.author.Commit(msg)
}

// push sets refs in the origin to commits of the author's repository.
func (o *origin) push(refs map[string]string) {
	o.t.Helper()
	args := []string{"push", "--force", o.dir}
	for ref, sha := range refs {
		args = append(args, sha+":"+ref)
	}
	o.git(o.author.Root, args...)
}

// openPullRequest publishes base as the default branch and head as pull
// request #2, from a branch of this repository or from a fork, and makes
// GitHub's test merge commit.
func (o *origin) openPullRequest(base, head string, fork bool) {
	o.t.Helper()
	refs := map[string]string{"refs/heads/" + defaultBranch: base, pullRef("head"): head}
	if !fork {
		refs["refs/heads/"+prBranch] = head
	}
	o.push(refs)
	o.updateMergeRef()
}

// updateMergeRef recomputes refs/pull/2/merge from the default branch's
// tip and the pull request's head, as GitHub does when either moves.
func (o *origin) updateMergeRef() string {
	o.t.Helper()
	base, head := o.tip(defaultBranch), o.rev(pullRef("head"))
	tree := o.git(o.dir, "merge-tree", "--write-tree", base, head)
	merge := o.git(o.dir, "commit-tree", tree, "-p", base, "-p", head, "-m", fmt.Sprintf("Merge %s into %s", head, base))
	o.git(o.dir, "update-ref", pullRef("merge"), merge)
	return merge
}

// advanceDefaultBranch commits an unrelated file on the default branch
// (outside every story's scope), as someone merging another pull request
// would, and returns the new tip. It is made in the origin itself with a
// scratch index, so the author's work tree is left alone.
func (o *origin) advanceDefaultBranch() string {
	o.t.Helper()
	file := filepath.Join(o.t.TempDir(), "README")
	if err := os.WriteFile(file, []byte("The default branch moved on.\n"), 0o644); err != nil {
		o.t.Fatal(err)
	}
	blob := o.git(o.dir, "hash-object", "-w", file)
	index := "GIT_INDEX_FILE=" + filepath.Join(o.t.TempDir(), "index")
	base := o.tip(defaultBranch)
	o.gitWith(index, "read-tree", base)
	o.gitWith(index, "update-index", "--add", "--cacheinfo", "100644,"+blob+",README-after-the-pull-request.md")
	tree := o.gitWith(index, "write-tree")
	tip := o.git(o.dir, "commit-tree", tree, "-p", base, "-m", "an unrelated change on the default branch")
	o.git(o.dir, "update-ref", "refs/heads/"+defaultBranch, tip, base)
	o.updateMergeRef()
	return tip
}

// gitWith runs git in the origin with one more environment variable.
func (o *origin) gitWith(env string, args ...string) string {
	o.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = o.dir, append(gitEnv(o.home), env)
	out, err := cmd.CombinedOutput()
	if err != nil {
		o.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func (o *origin) tip(branch string) string { return o.rev("refs/heads/" + branch) }

func (o *origin) rev(ref string) string {
	o.t.Helper()
	return o.git(o.dir, "rev-parse", "--verify", ref+"^{commit}")
}

func pullRef(kind string) string { return fmt.Sprintf("refs/pull/%d/%s", prNumber, kind) }

// isSHA says whether s is a full commit id.
func isSHA(s string) bool {
	return len(s) == 40 && strings.Trim(s, "0123456789abcdef") == ""
}

// pullFrom takes what the fake GitHub committed on branch through the
// contents API (its own history, which no checkout sees) into the author's
// repository and pushes it to the origin's branch and the pull request's
// head ref, as GitHub's git side would serve it to a later job.
func (o *origin) pullFrom(fake *githubtest.Server, branch string) string {
	o.t.Helper()
	fake.Pull(prRepo, branch, o.author.Root)
	sha := o.git(o.author.Root, "rev-parse", "HEAD")
	o.push(map[string]string{"refs/heads/" + branch: sha, pullRef("head"): sha})
	return sha
}
