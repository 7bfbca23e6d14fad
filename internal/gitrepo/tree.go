package gitrepo

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// ErrUnsafePath is returned for a tree entry or path that could write
// outside the target directory or into a .git directory.
var ErrUnsafePath = errors.New("unsafe path")

// Materialize writes the tree of commit c into dir, which must exist and be
// empty, the way a checkout would: regular and executable files with their
// modes, symbolic links as links (never followed), submodules as empty
// directories. No index and no .git are written. Every directory is created
// here, fresh, before anything is written inside it, and every file is
// created exclusively, so no write can pass through a symlink, and entry
// names that could climb out of dir are refused.
//
// Directories are created in tree order by one goroutine; file contents are
// written by a few workers, each reading objects through its own handle on
// the repository, because go-git's object storage is not safe for
// concurrent use and creating files is mostly time spent in the kernel.
func (r *Repo) Materialize(c *object.Commit, dir string) error {
	tree, err := c.Tree()
	if err != nil {
		return fmt.Errorf("materialize %s: %w", short(c), err)
	}
	w, err := r.startWriters(materializeWorkers())
	if err != nil {
		return fmt.Errorf("materialize %s: %w", short(c), err)
	}
	walkErr := r.walkTree(tree, dir, w.jobs)
	close(w.jobs)
	if err := errors.Join(walkErr, w.wait()); err != nil {
		return fmt.Errorf("materialize %s into %s: %w", short(c), dir, err)
	}
	return nil
}

// materializeWorkers is how many goroutines write files.
func materializeWorkers() int { return min(max(runtime.GOMAXPROCS(0), 2)*2, 8) }

// fileJob is one file (or symlink) to write.
type fileJob struct {
	hash plumbing.Hash
	path string
	mode filemode.FileMode
}

// walkTree creates t's directories under dir and queues its files, one
// batch per directory: workers writing into different directories do not
// contend for the same directory lock in the kernel.
func (r *Repo) walkTree(t *object.Tree, dir string, jobs chan<- []fileJob) error {
	var batch []fileJob
	var subdirs []object.TreeEntry
	for _, e := range t.Entries {
		if err := checkName(e.Name); err != nil {
			return err
		}
		switch e.Mode {
		case filemode.Dir:
			subdirs = append(subdirs, e)
		case filemode.Submodule:
			if err := os.Mkdir(filepath.Join(dir, e.Name), 0o755); err != nil {
				return err
			}
		default:
			batch = append(batch, fileJob{hash: e.Hash, path: filepath.Join(dir, e.Name), mode: e.Mode})
		}
	}
	if len(batch) > 0 {
		jobs <- batch
	}
	for _, e := range subdirs {
		if err := r.walkSubtree(e, filepath.Join(dir, e.Name), jobs); err != nil {
			return err
		}
	}
	return nil
}

func (r *Repo) walkSubtree(e object.TreeEntry, path string, jobs chan<- []fileJob) error {
	sub, err := r.git.TreeObject(e.Hash)
	if err != nil {
		return fmt.Errorf("tree %s: %w", e.Name, err)
	}
	if err := os.Mkdir(path, 0o755); err != nil {
		return err
	}
	return r.walkTree(sub, path, jobs)
}

// writers is a pool of file-writing goroutines.
type writers struct {
	jobs chan []fileJob
	wg   sync.WaitGroup
	mu   sync.Mutex
	err  error
}

func (r *Repo) startWriters(n int) (*writers, error) {
	w := &writers{jobs: make(chan []fileJob, 64)}
	for range n {
		g, err := openGit(r.root)
		if err != nil {
			close(w.jobs)
			w.wg.Wait()
			return nil, fmt.Errorf("open a reader of %s: %w", r.root, err)
		}
		w.wg.Add(1)
		go w.run(g)
	}
	return w, nil
}

// run writes jobs until the queue closes; after the first error it keeps
// draining so the walker never blocks.
func (w *writers) run(g *git.Repository) {
	defer w.wg.Done()
	buf := make([]byte, 64<<10)
	for batch := range w.jobs {
		for _, job := range batch {
			if w.failed() {
				break
			}
			if err := writeJob(g, job, buf); err != nil {
				w.fail(err)
			}
		}
	}
}

func (w *writers) failed() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err != nil
}

func (w *writers) fail(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		w.err = err
	}
}

func (w *writers) wait() error {
	w.wg.Wait()
	return w.err
}

func writeJob(g *git.Repository, job fileJob, buf []byte) error {
	blob, err := g.BlobObject(job.hash)
	if err != nil {
		return fmt.Errorf("blob for %s: %w", job.path, err)
	}
	rd, err := blob.Reader()
	if err != nil {
		return fmt.Errorf("blob for %s: %w", job.path, err)
	}
	defer rd.Close()
	if job.mode == filemode.Symlink {
		target, err := io.ReadAll(rd)
		if err != nil {
			return fmt.Errorf("blob for %s: %w", job.path, err)
		}
		return os.Symlink(string(target), job.path)
	}
	return createFile(job.path, fileMode(job.mode), rd, buf)
}

// createFile creates path exclusively (O_EXCL refuses an existing name,
// symlink or not) and copies rd into it.
func createFile(path string, perm os.FileMode, rd io.Reader, buf []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = io.CopyBuffer(onlyWriter{f}, rd, buf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// onlyWriter hides ReadFrom so io.CopyBuffer uses our reusable buffer.
type onlyWriter struct{ io.Writer }

// fileMode maps a git file mode to the permission bits a checkout uses.
func fileMode(m filemode.FileMode) os.FileMode {
	if m == filemode.Executable {
		return 0o755
	}
	return 0o644
}

// checkName refuses entry names a well-formed tree never holds but a
// crafted one might: empty, dot names, separators, NUL and .git.
func checkName(name string) error {
	switch {
	case name == "" || name == "." || name == "..":
	case strings.ContainsAny(name, "/\\\x00"):
	case strings.EqualFold(name, ".git"):
	default:
		return nil
	}
	return fmt.Errorf("%w: tree entry %q", ErrUnsafePath, name)
}

func short(c *object.Commit) string { return c.Hash.String()[:12] }
