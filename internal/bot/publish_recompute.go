package bot

import (
	"context"
	"errors"
	"fmt"
	"github.com/go-git/go-git/v5/plumbing/object"
	"os"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gate/collect"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/publish"
	"github.com/storygate/storygate/internal/rundir"
	"github.com/storygate/storygate/internal/target"
)

// notRecomputed marks the gates publish takes from the unprivileged run.
const notRecomputed = "from the unprivileged run, not recomputed"

// recompute decides again, from the pull request's head read as data,
// every gate that runs no code from it (stories, stages, records and the
// decisions), and keeps from the unprivileged document only verify and
// revert-check, which need execution, marked as such. Nothing from the
// pull request runs: its tree is written out of the object store, and the
// gates only read it. It also sets t.Approvers from the policy it loaded,
// which the base revision holds, for the comment's "who may type it".
// The gates run in the trusted root's place in the head's tree, so in a
// monorepo they judge that package's stories under its policy.
func (b *Bot) recompute(ctx context.Context, doc *gate.Results, t *publish.Target, pr github.PullRequest, ev github.Event, root trustedRoot) (*gate.Results, error) {
	judged, err := judgedHead(doc, t.HeadSHA)
	if err != nil {
		return nil, err
	}
	top, cleanup, err := headAsData(root.checkout, judged.Head)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	base := pr.BaseSHA
	if t.PullRequest == 0 {
		if base, err = mergeGroupBase(root.checkout, doc.Event.BaseSHA, judged.Head); err != nil {
			return nil, err
		}
	}
	tree, err := root.in(top)
	if err != nil {
		return nil, err
	}
	event := gate.Event{Name: doc.Event.Name, Action: doc.Event.Action, Repository: t.Repo.FullName(), PullRequest: t.PullRequest,
		HeadSHA: t.HeadSHA, HeadRef: pr.HeadRef, BaseSHA: base, BaseRef: pr.BaseRef, RunURL: t.DetailsURL}
	judgedTarget, err := target.Open(target.Options{Root: tree, ConfigFile: root.configIn(top), Base: base, Head: judged.Head, PolicyLoader: b.deps.Config})
	if err != nil {
		return nil, missingObjects(err)
	}
	if err := sameChange(judgedTarget, judged, t.HeadSHA); err != nil {
		return nil, err
	}
	t.Approvers = &b.policyOf(judgedTarget).Approvers
	var want collect.Expected
	decisions := decisionRun{b: b, t: judgedTarget, plan: plan{event: event, repo: t.Repo, base: base, head: t.HeadSHA, pr: t.PullRequest,
		installationID: ev.InstallationID}}
	fresh, err := collect.Run(ctx, collect.Options{Target: judgedTarget, Event: event,
		Version: b.deps.Version, NoExecution: true, Decisions: decisions.decisionCheck(),
		Expect: func(e collect.Expected) { want = e }})
	if err != nil {
		return nil, fmt.Errorf("recompute the gates of %s: %w", shortSHA(judged.Head), err)
	}
	if fresh.Root != root.name() {
		// root.in refused the links that could move it; this is the check that it did.
		return nil, fmt.Errorf("recompute: the root %s was found at %s in the pull request's head", rootName(root.name()), rootName(fresh.Root))
	}
	fresh.Notes = append(fresh.Notes, judgedTarget.PolicyNotes()...)
	if err := takeExecuted(fresh, doc, want); err != nil {
		return nil, err
	}
	if err := decisions.checkRuled(ctx, fresh); err != nil {
		return nil, err
	}
	fresh.Notes = append(fresh.Notes, "publish recomputed stories, stages, records and decisions from the pull request's head; verify and revert-check are "+notRecomputed+".")
	fresh.Finish()
	return fresh, nil
}

// headAsData writes the tree of commit head, found in the trusted
// repository, into a fresh directory whose .git names that repository's
// object store: the gates read the pull request's files from there and
// both commits, named by hash, from the store; no checkout, hook or
// filter of the pull request is involved.
func headAsData(checkout *target.Target, head string) (string, func(), error) {
	none := func() {}
	repo := checkout.Repo()
	commit, err := checkout.Object(head)
	if err != nil {
		return "", none, usage(fmt.Errorf("the commit the gate judged, %s, is not in %s; fetch it as data first (git fetch --no-tags origin %s): %w", shortSHA(head), repo.Root(), head, err))
	}
	gitDir, err := gitDirOf(repo.Root())
	if err != nil {
		return "", none, err
	}
	dir, err := rundir.Temp("head")
	if err != nil {
		return "", none, fmt.Errorf("recompute: %w", err)
	}
	cleanup := func() { _ = os.RemoveAll(dir) }
	tree := filepath.Join(dir, "tree")
	if err := os.Mkdir(tree, 0o755); err != nil {
		cleanup()
		return "", none, fmt.Errorf("recompute: %w", err)
	}
	if err := repo.Materialize(commit, tree); err != nil {
		cleanup()
		return "", none, fmt.Errorf("recompute: %w", err)
	}
	// Materialize refuses a .git entry in the tree, so this is ours.
	if err := os.WriteFile(filepath.Join(tree, ".git"), []byte("gitdir: "+gitDir+"\n"), 0o644); err != nil {
		cleanup()
		return "", none, fmt.Errorf("recompute: %w", err)
	}
	return tree, cleanup, nil
}

// gitDirOf is the git directory of the work tree at root: root/.git, or
// where a .git file points.
func gitDirOf(root string) (string, error) {
	dotGit := filepath.Join(root, ".git")
	info, err := os.Lstat(dotGit)
	if err != nil {
		return "", fmt.Errorf("recompute: %w", err)
	}
	if info.IsDir() {
		return dotGit, nil
	}
	data, err := os.ReadFile(dotGit)
	if err != nil {
		return "", fmt.Errorf("recompute: %w", err)
	}
	dir, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir: ")
	if !ok {
		return "", errors.New("recompute: " + dotGit + " is neither a directory nor a gitdir file")
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	return dir, nil
}

// mergeGroupBase is the base a merge queue's document names, trusted only
// when it is already on the branch the trusted checkout holds (an ancestor
// of the commit it has checked out: content that was merged) and an
// ancestor of the head.
func mergeGroupBase(checkout *target.Target, base, head string) (string, error) {
	if shaOrEmpty(base) == "" {
		return "", fmt.Errorf("%w: the merge queue's document names no base commit", errRefused)
	}
	b, err := checkout.Object(base)
	if err != nil {
		return "", fmt.Errorf("%w: base %s: %v", errRefused, shortSHA(base), err)
	}
	h, err := checkout.Object(head)
	if err != nil {
		return "", fmt.Errorf("%w: head %s: %v", errRefused, shortSHA(head), err)
	}
	for _, d := range []*object.Commit{checkout.Head(), h} {
		if d == nil {
			return "", fmt.Errorf("%w: the trusted checkout has no commit checked out", errRefused)
		}
		ok, err := isAncestor(b, d)
		if err != nil {
			return "", fmt.Errorf("%w: base %s: %v", errRefused, shortSHA(base), err)
		}
		if !ok {
			return "", fmt.Errorf("%w: the document's base %s is not an ancestor of %s", errRefused, shortSHA(base), shortSHA(d.Hash.String()))
		}
	}
	return base, nil
}

// isAncestor reports whether a is d or one of its ancestors.
func isAncestor(a, d *object.Commit) (bool, error) {
	if a.Hash == d.Hash {
		return true, nil
	}
	return a.IsAncestor(d)
}
