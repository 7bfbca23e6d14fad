package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/storygate/storygate/internal/rundir"
)

// Tree is a clone of the repository checked out at one commit, made by
// storygate for a command from the change to run in. Its .git is a real
// repository (git log, git diff and git status work) that borrows the
// original's objects through objects/info/alternates, has no remote and
// no configuration but git's defaults, so no credential of the checkout
// (http.extraheader, credential helpers, remote URLs with tokens) is in it.
// In the sandbox the borrowed object directories are mounted read-only.
type Tree struct {
	// Dir is the work tree.
	Dir string
	// Work is the directory in the clone that stands for the root Clone
	// was given: Dir itself, or the same subdirectory of it when the root
	// is a directory inside its repository (a monorepo's package, the
	// bundled examples/demo).
	Work string
	// objects are the borrowed object directories.
	objects []string
	// scratch is the run directory holding the clone (Dir) and the files
	// the sandbox mounts over the clone's alternates (view).
	scratch string
	// view is how commands see the tree in the sandbox (treeView).
	view *treeView
	// uses says which tools' caches the tree's project uses
	// (projectUses), read once when the clone is made, not per command.
	uses func(name string) bool
	// owners records the hand-over of the tree to the commands' user.
	owners *handedOver
	// etc is the /etc its commands see, copied on the first one.
	etc *etcStage
}

// handedOver records, for a root storygate whose commands run as
// UnprivilegedID, which writable trees of one Tree's commands were handed
// to that user, and what storygate wrote in the clone (dir) since
// (owner_linux.go says why that is all that can change owner).
type handedOver struct {
	mu    sync.Mutex
	dir   string
	trees map[string]bool
	wrote []string
}

// Wrote records that storygate itself wrote rel, a slash path relative
// to Dir, after the clone was made (a base version the revert check
// restored): the next command's hand-over gives it, and any directory
// made on its way, to the commands' user, so that they can change it as
// they can the rest of their tree.
func (t *Tree) Wrote(rel string) {
	t.owners.mu.Lock()
	defer t.owners.mu.Unlock()
	t.owners.wrote = append(t.owners.wrote, rel)
}

// maxAlternateDepth bounds chains of alternates (git itself stops at 5).
const maxAlternateDepth = 5

// Source is what a clone is made of, as the run's target found it before
// anything from the change ran (target.Target.Source): the top of the
// repository's work tree, the root's place in it (gitrepo.Repo.PathOf:
// "." for the top) and the commit (a full object name).
type Source struct {
	Top, Place, Commit string
}

// Clone makes a Tree of src's repository at its commit (materialize: a
// .git of storygate's own that borrows the objects, then one git
// process checks the commit out). Work is the root's place in the clone:
// a monorepo package's directory, or the clone's top.
func Clone(ctx context.Context, src Source) (*Tree, error) {
	top, rel, commit, root := src.Top, filepath.FromSlash(src.Place), src.Commit, src.Top
	if rel == "" {
		rel = "." // the top, as a caller that names no place means
	}
	if top == "" || commit == "" || filepath.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("clone for the sandbox: no repository, commit or place in it (%+v)", src)
	}
	scratch, err := rundir.Temp("tree")
	if err != nil {
		return nil, fmt.Errorf("clone for the sandbox: %w", err)
	}
	dir := filepath.Join(scratch, "clone")
	t := &Tree{Dir: dir, Work: filepath.Join(dir, rel), scratch: scratch, owners: &handedOver{dir: dir, trees: map[string]bool{}},
		etc: &etcStage{}}
	if err := materialize(ctx, top, dir, commit); err != nil {
		t.Close()
		return nil, fmt.Errorf("clone %s at %s: %w", root, commit, err)
	}
	if t.objects, err = alternates(filepath.Join(dir, ".git", "objects"), 0); err != nil {
		t.Close()
		return nil, fmt.Errorf("clone %s at %s: %w", root, commit, err)
	}
	t.uses = projectUses(t.Dir, t.Work)
	if t.view, err = newTreeView(t, top); err != nil {
		t.Close()
		return nil, fmt.Errorf("clone %s at %s: %w", root, commit, err)
	}
	return t, nil
}

// Mounts is what a command in the tree needs: the tree writable, the
// borrowed objects read-only.
func (t *Tree) Mounts() Mounts {
	return Mounts{Writable: []string{t.Dir}, ReadOnly: append([]string{}, t.objects...), view: t.view, uses: t.uses, owners: t.owners, etc: t.etc}
}

// Objects are the object directories the tree borrows.
func (t *Tree) Objects() []string { return append([]string{}, t.objects...) }

// Close removes the clone and its copy of /etc. Removal problems are not
// errors: the directories are temporary ones.
func (t *Tree) Close() {
	t.etc.remove()
	RemoveTree(t.scratch)
}

// RemoveTree removes a temporary tree a command ran in, read-only
// directories a suite left behind included (rundir.Remove).
func RemoveTree(dir string) {
	rundir.Remove(dir)
}

// runGit runs storygate's own git (before any command from the change runs
// in the clone), without the variables that would point it elsewhere.
func runGit(ctx context.Context, args []string) error {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Env = gitEnv(os.Environ())
	DieWithParent(cmd, syscall.SIGKILL)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(out.String()))
	}
	return nil
}

// gitEnv drops the variables that choose a repository, index or object
// directory, and turns prompts off.
func gitEnv(environ []string) []string {
	out := make([]string, 0, len(environ)+1)
	for _, kv := range environ {
		switch name, _, _ := strings.Cut(kv, "="); name {
		case "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
			"GIT_COMMON_DIR", "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES":
			continue
		}
		out = append(out, kv)
	}
	return append(out, "GIT_TERMINAL_PROMPT=0")
}

// alternates lists the object directories objects borrows from, following
// their own alternates.
func alternates(objects string, depth int) ([]string, error) {
	data, err := os.ReadFile(filepath.Join(objects, "info", "alternates"))
	if os.IsNotExist(err) || depth >= maxAlternateDepth {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read alternates: %w", err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !filepath.IsAbs(line) {
			line = filepath.Join(objects, line)
		}
		out = append(out, filepath.Clean(line))
		more, err := alternates(line, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

// Dirty reports whether the work tree at root has changes a clone of HEAD
// would not hold (modified, staged or untracked files).
func Dirty(ctx context.Context, root string) bool {
	cmd := exec.CommandContext(ctx, "git", "-C", root, "status", "--porcelain")
	cmd.Env = gitEnv(os.Environ())
	DieWithParent(cmd, syscall.SIGKILL)
	out, err := cmd.Output()
	return err == nil && len(bytes.TrimSpace(out)) > 0
}
