package gitrepo

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-git/go-git/v5/plumbing"
)

// Batch reads blobs through one `git cat-file --batch` process, for a
// run that reads thousands of them (the base of every story a mass change
// touched). git keeps the delta bases it has inflated; go-git without an
// object cache inflates every link of a blob's delta chain again for each
// blob, and a packed corpus of similar stories has chains five links long
// on average (bench/README.md: 10,000 base blobs in 0.57 s of CPU through
// git, about 5 s through go-git).
//
// git is started on the first read, with the repository's git directory
// named (--git-dir: no discovery, no GIT_* variable of the environment,
// no work tree), replace refs ignored, and nothing but cat-file run. Each
// answer is hashed: when git is missing, does not start, or answers
// anything but the object asked for (another id, type or content), the
// Batch stops using it and every read falls back to go-git (ok false).
// Safe for concurrent use; Close ends the process.
type Batch struct {
	repo  *Repo
	git   string        // the git program; "" reads nothing
	count *atomic.Int64 // when set, counts the blobs git gave

	mu     sync.Mutex
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	broken bool
}

// OpenBatch returns a Batch reading r's objects with the git program
// gitProgram (a name looked up in PATH, or a path); with "" every read
// falls back to go-git.
func (r *Repo) OpenBatch(gitProgram string) *Batch {
	return &Batch{repo: r, git: gitProgram}
}

// Counting makes b count every blob git gives in n (nil: none); call it
// before the first read.
func (b *Batch) Counting(n *atomic.Int64) *Batch {
	b.count = n
	return b
}

// read returns blob h's content; ok is false when git could not give it,
// and the caller reads it through go-git.
func (b *Batch) read(h plumbing.Hash) (data []byte, ok bool) {
	if b == nil || b.git == "" {
		return nil, false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.broken {
		return nil, false
	}
	if b.cmd == nil {
		if err := b.start(); err != nil {
			b.broken = true
			return nil, false
		}
	}
	data, err := b.ask(h)
	if err != nil {
		// Out of step with git: end it (it may be blocked writing an
		// answer no one reads) and read through go-git from now on.
		b.broken = true
		_ = b.cmd.Process.Kill()
		_ = b.stop()
		return nil, false
	}
	if b.count != nil {
		b.count.Add(1)
	}
	return data, true
}

// start runs git cat-file --batch on the repository's git directory.
func (b *Batch) start() error {
	_, dot, _, err := locate(b.repo.root)
	if err != nil {
		return err
	}
	// --no-replace-objects: a refs/replace/ ref would make git answer a
	// blob's id with another blob's content; go-git reads no such ref.
	// GIT_NO_LAZY_FETCH: a partial clone's missing blob is not fetched
	// (go-git cannot fetch it either; git before 2.44 ignores the variable).
	cmd := exec.Command(b.git, "--git-dir="+dot, "--no-replace-objects", "cat-file", "--batch")
	cmd.Env = append(withoutGitVariables(os.Environ()), "GIT_NO_LAZY_FETCH=1")
	cmd.Dir = dot
	in, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	b.cmd, b.in, b.out = cmd, in, bufio.NewReaderSize(out, 64<<10)
	return nil
}

// errBatchAnswer is an answer of git cat-file that is not the blob asked
// for.
var errBatchAnswer = errors.New("unexpected answer from git cat-file")

// ask sends one object id and reads its answer (receive).
func (b *Batch) ask(h plumbing.Hash) ([]byte, error) {
	if err := b.send(h); err != nil {
		return nil, err
	}
	return b.receive(h)
}

// send asks git for object h.
func (b *Batch) send(h plumbing.Hash) error {
	if _, err := io.WriteString(b.in, h.String()+"\n"); err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	return nil
}

// receive reads git's next answer, which must be blob h: "<id> blob
// <size>\n", the content and "\n". Anything else (missing, another type,
// another id, content that hashes to another id) is an error.
func (b *Batch) receive(h plumbing.Hash) ([]byte, error) {
	header, err := b.out.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	fields := strings.Fields(header)
	if len(fields) != 3 || fields[0] != h.String() || fields[1] != "blob" {
		return nil, fmt.Errorf("%w: %q", errBatchAnswer, strings.TrimSpace(header))
	}
	size, err := strconv.ParseInt(fields[2], 10, 64)
	if err != nil || size < 0 {
		return nil, fmt.Errorf("%w: %q", errBatchAnswer, strings.TrimSpace(header))
	}
	data := make([]byte, size+1)
	if _, err := io.ReadFull(b.out, data); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	if data[size] != '\n' {
		return nil, fmt.Errorf("%w: no newline after %d bytes", errBatchAnswer, size)
	}
	// The content must be the object asked for: a "git" first on PATH is
	// not trusted to say so (it is checked as go-git's read would be named).
	if data = data[:size:size]; BlobHash(data) != h {
		return nil, fmt.Errorf("%w: content of %s hashes to %s", errBatchAnswer, h, BlobHash(data))
	}
	return data, nil
}

// Close ends the git process, if one was started. Reads after Close fall
// back to go-git.
func (b *Batch) Close() error {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.broken {
		return b.stop()
	}
	b.broken = true
	if err := b.stop(); err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	return nil
}

// stop closes git's input, so it exits, and waits for it.
func (b *Batch) stop() error {
	if b.cmd == nil {
		return nil
	}
	cmd := b.cmd
	b.cmd = nil
	_ = b.in.Close()
	return cmd.Wait()
}

// withoutGitVariables is env without GIT_* variables, which would point
// git at another repository, object directory or configuration than the
// one named.
func withoutGitVariables(env []string) []string {
	var kept []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "GIT_") {
			kept = append(kept, kv)
		}
	}
	return kept
}
