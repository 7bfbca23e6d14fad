package bot

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gate/collect"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/publish"
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
	top, cleanup, err := headAsData(root.repo, t.HeadSHA)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	if t.PullRequest == 0 {
		if pr.BaseSHA, err = mergeGroupBase(top, doc.Event.BaseSHA, t.HeadSHA); err != nil {
			return nil, err
		}
	}
	tree, err := root.in(top)
	if err != nil {
		return nil, err
	}
	event := gate.Event{Name: doc.Event.Name, Action: doc.Event.Action, Repository: t.Repo.FullName(), PullRequest: t.PullRequest,
		HeadSHA: t.HeadSHA, HeadRef: pr.HeadRef, BaseSHA: pr.BaseSHA, BaseRef: pr.BaseRef, RunURL: t.DetailsURL}
	a := &actionRun{Bot: b, root: tree, f: ActionOptions{ConfigFile: root.configIn(top)}, plan: plan{event: event, repo: t.Repo, base: pr.BaseSHA, head: t.HeadSHA, pr: t.PullRequest,
		installationID: ev.InstallationID}}
	if err := a.loadGateConfig(); err != nil {
		return nil, err
	}
	if a.cfg != nil {
		t.Approvers = &a.cfg.Approvers
	}
	fresh, err := collect.Run(ctx, collect.Options{Root: tree, Config: a.cfg, Base: pr.BaseSHA, Head: t.HeadSHA, Event: event,
		Version: b.deps.Version, NoExecution: true, Decisions: a.decisionCheck()})
	if err != nil {
		return nil, fmt.Errorf("recompute the gates of %s: %w", shortSHA(t.HeadSHA), err)
	}
	if fresh.Root != root.name() {
		// root.in refused the links that could move it; this is the check that it did.
		return nil, fmt.Errorf("recompute: the root %s was found at %s in the pull request's head", rootName(root.name()), rootName(fresh.Root))
	}
	if a.cfgNote != "" {
		fresh.Notes = append(fresh.Notes, a.cfgNote)
	}
	takeExecuted(fresh, doc)
	fresh.Notes = append(fresh.Notes, "publish recomputed stories, stages, records and decisions from the pull request's head; verify and revert-check are "+notRecomputed+".")
	fresh.Finish()
	return fresh, nil
}

// takeExecuted puts the document's verify and revert-check outcomes (and
// the per-story verification and revert rows) in place of the skipped
// ones. A gate missing from the document fails: its absence is the
// unprivileged run's claim, and it is not one to pass on.
func takeExecuted(fresh, doc *gate.Results) {
	for i, g := range fresh.Gates {
		if g.Name != gate.Verify && g.Name != gate.RevertCheck {
			continue
		}
		from, ok := doc.Gate(g.Name)
		if !ok {
			fresh.Gates[i] = gate.Gate{Name: g.Name, Conclusion: gate.Failure, Title: "missing from the unprivileged run's results document"}
			continue
		}
		from.Title = gate.CleanShort(notRecomputed + ": " + from.Title)
		from.Detail = gate.CleanText("_" + strings.ToUpper(notRecomputed[:1]) + notRecomputed[1:] + ": this gate runs code from the pull request, so publish takes its verdict from the results document._\n\n" + from.Detail)
		fresh.Gates[i] = from
	}
	executed := map[string]gate.Story{}
	for _, s := range doc.Stories {
		executed[s.File] = s
	}
	for i, s := range fresh.Stories {
		if from, ok := executed[s.File]; ok {
			fresh.Stories[i].Verification, fresh.Stories[i].Revert = from.Verification, from.Revert
			fresh.Stories[i].NotRecomputed = len(from.Verification) > 0 || from.Revert != nil
		}
	}
}

// headAsData writes the tree of commit head, found in the trusted
// repository, into a fresh directory whose .git names that repository's
// object store: the gates read the pull request's files and both
// revisions from there, and no checkout, hook or filter of the pull
// request is involved.
func headAsData(repo *gitrepo.Repo, head string) (string, func(), error) {
	none := func() {}
	commit, err := repo.Commit(head)
	if err != nil {
		return "", none, usage(fmt.Errorf("the pull request's head %s is not in %s; fetch it as data first (git fetch --no-tags origin %s): %w", shortSHA(head), repo.Root(), head, err))
	}
	gitDir, err := gitDirOf(repo.Root())
	if err != nil {
		return "", none, err
	}
	dir, err := os.MkdirTemp("", "storygate-head-")
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
// of its HEAD: content that was merged) and an ancestor of the head.
func mergeGroupBase(tree, base, head string) (string, error) {
	repo, err := gitrepo.Open(tree)
	if err != nil {
		return "", fmt.Errorf("recompute: %w", err)
	}
	if shaOrEmpty(base) == "" {
		return "", fmt.Errorf("%w: the merge queue's document names no base commit", errRefused)
	}
	for _, descendant := range []string{"HEAD", head} {
		ok, err := repo.IsAncestor(base, descendant)
		if err != nil {
			return "", fmt.Errorf("%w: base %s: %v", errRefused, shortSHA(base), err)
		}
		if !ok {
			return "", fmt.Errorf("%w: the document's base %s is not an ancestor of %s", errRefused, shortSHA(base), descendant)
		}
	}
	return base, nil
}
