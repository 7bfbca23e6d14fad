package gitrepo

import (
	"fmt"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
)

// Stream reads blobs through a git cat-file process of its own with many
// requests in flight: one goroutine sends ids (Send) while another takes
// the answers in the same order (Receive), so git answers one while the
// next is on its way instead of waiting a round trip for each, as a
// Batch's reader does. It is started, checked and ended as a Batch is
// (the same command, every answer hashed against the id sent); once it
// fails, every later call fails too and the caller reads the blobs
// another way.
//
// Send and Receive may run at the same time, each in one goroutine; the
// answers must be received, or git blocks writing them once its output
// pipe is full and Send blocks in turn (until Close).
type Stream struct {
	proc *Batch // the process; its mu is not used: send and receive are apart

	sendMu sync.Mutex
	recvMu sync.Mutex
	// failed is set by either side; the other sees it on its next call.
	failedMu sync.Mutex
	failed   error
	closed   sync.Once
}

// OpenStream starts a Stream reading r's objects with the git program
// gitProgram, as OpenBatch names it, counting each blob git gives in
// b's counter, if any.
func (b *Batch) OpenStream() (*Stream, error) {
	if b == nil || b.git == "" {
		return nil, fmt.Errorf("git cat-file: no git program")
	}
	proc := &Batch{repo: b.repo, git: b.git, count: b.count}
	if err := proc.start(); err != nil {
		return nil, err
	}
	return &Stream{proc: proc}, nil
}

// Send asks git for blob h.
func (s *Stream) Send(h plumbing.Hash) error {
	s.sendMu.Lock()
	defer s.sendMu.Unlock()
	if err := s.err(); err != nil {
		return err
	}
	return s.fail(s.proc.send(h))
}

// Receive reads the next answer, which must be blob h (the next id sent).
func (s *Stream) Receive(h plumbing.Hash) ([]byte, error) {
	s.recvMu.Lock()
	defer s.recvMu.Unlock()
	if err := s.err(); err != nil {
		return nil, err
	}
	data, err := s.proc.receive(h)
	if err != nil {
		return nil, s.fail(err)
	}
	if s.proc.count != nil {
		s.proc.count.Add(1)
	}
	return data, nil
}

// Close ends the git process, killing it: the answers to ids sent are
// of no use to anyone once the caller stops receiving them. A Send or
// Receive blocked meanwhile fails, and so does every later one.
func (s *Stream) Close() error {
	s.closed.Do(func() {
		s.fail(errStreamClosed)
		_ = s.proc.cmd.Process.Kill()
		_ = s.proc.stop()
	})
	return nil
}

// errStreamClosed is the error of a call after Close.
var errStreamClosed = fmt.Errorf("git cat-file: stream closed")

func (s *Stream) err() error {
	s.failedMu.Lock()
	defer s.failedMu.Unlock()
	return s.failed
}

// fail records err, if it is the first, and returns it.
func (s *Stream) fail(err error) error {
	if err == nil {
		return nil
	}
	s.failedMu.Lock()
	defer s.failedMu.Unlock()
	if s.failed == nil {
		s.failed = err
	}
	return err
}
