package lint

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/storygate/storygate/internal/gitrepo"
)

// readAhead reads the base versions of the stories a change modified, in
// the order the workers take them, a bounded window ahead of them, through
// a git cat-file process of its own (gitrepo.Stream): one goroutine sends
// the blob ids while another receives the answers. Read one at a time, as
// a worker would through the Batch, each blob was a round trip to git
// during which the worker's core stood idle: at thousands of changed
// stories the gate ran on little more than one of its two cores.
//
// It reads nothing a worker would not: each story is read once, by the
// read-ahead or, when a worker gets there first, by the worker (take
// says so); an answer no worker took is dropped when the worker that had
// its story is done (finish). When git fails, the stories it did not
// answer are read by their workers, as without a read-ahead.
type readAhead struct {
	files  *gitrepo.Files
	stream *gitrepo.Stream
	reads  *atomic.Int64 // Options.BaseReads; may be nil
	paths  []string      // the story to read for each index of the set; "" none

	mu   sync.Mutex
	cond *sync.Cond
	// state of each story path: absent (not reached), reading, read (in
	// answers) or passed (taken, or left to a worker).
	state   map[string]aheadState
	answers map[string]aheadAnswer
	// started is one past the highest set index a worker took.
	started, window int
	stopped         bool
	sent            chan aheadSent
	wg              sync.WaitGroup
}

type aheadState uint8

const (
	aheadReading aheadState = iota + 1
	aheadRead
	aheadPassed
)

// aheadAnswer is what the read-ahead read for a story: the content of the
// blob at real, or nothing (real "") for the worker to read itself.
type aheadAnswer struct {
	real string
	src  []byte
}

// aheadSent is a story whose blob id was sent to git.
type aheadSent struct {
	path, real string
	hash       plumbing.Hash
}

// startReadAhead reads ahead the base versions of the stories of set the
// change modified (deletedStories.modified: their blobs differ, so baseAt
// reads them); nil without a base, with none modified, or when git does
// not start.
func (c *baseContext) startReadAhead(set []string) *readAhead {
	if c.read == nil || c.deleted == nil {
		return nil
	}
	paths := make([]string, len(set))
	n := 0
	for i, p := range set {
		if c.deleted.modified[p] && !c.created[p] {
			paths[i] = p
			n++
		}
	}
	if n == 0 {
		return nil
	}
	stream, err := c.batch.OpenStream()
	if err != nil {
		return nil
	}
	ra := &readAhead{files: c.files, stream: stream, reads: c.baseReads, paths: paths,
		state: map[string]aheadState{}, answers: map[string]aheadAnswer{},
		window: 32 * runtime.GOMAXPROCS(0)}
	ra.cond = sync.NewCond(&ra.mu)
	ra.sent = make(chan aheadSent, ra.window)
	ra.wg.Add(2)
	go ra.send()
	go ra.receive()
	return ra
}

// send sends the blob id of each story in turn, never more than window
// stories past the last one a worker took.
func (ra *readAhead) send() {
	defer ra.wg.Done()
	defer close(ra.sent)
	for i, p := range ra.paths {
		ra.mu.Lock()
		for !ra.stopped && i >= ra.started+ra.window {
			ra.cond.Wait()
		}
		if ra.stopped {
			ra.mu.Unlock()
			return
		}
		if p == "" || ra.state[p] != 0 {
			ra.mu.Unlock()
			continue
		}
		ra.state[p] = aheadReading
		ra.mu.Unlock()
		s, ok := ra.blobOf(p)
		if ok && ra.stream.Send(s.hash) == nil {
			ra.sent <- s
			continue
		}
		ra.answer(p, aheadAnswer{})
	}
}

// blobOf finds the blob holding story p at base, as baseAt and
// readThrough find it; ok is false when they would say why it cannot be
// read (a link out of the root, no such file, an error).
func (ra *readAhead) blobOf(p string) (aheadSent, bool) {
	real, err := ra.files.Resolve(p)
	if err != nil {
		return aheadSent{}, false
	}
	h, ok, err := ra.files.Hash(real)
	if err != nil || !ok {
		return aheadSent{}, false
	}
	return aheadSent{path: p, real: real, hash: h}, true
}

// receive takes git's answers in the order their ids were sent.
func (ra *readAhead) receive() {
	defer ra.wg.Done()
	for s := range ra.sent {
		src, err := ra.stream.Receive(s.hash)
		if err != nil {
			ra.answer(s.path, aheadAnswer{})
			continue
		}
		if ra.reads != nil {
			ra.reads.Add(1)
		}
		ra.answer(s.path, aheadAnswer{real: s.real, src: src})
	}
}

// answer records what was read for story p.
func (ra *readAhead) answer(p string, a aheadAnswer) {
	ra.mu.Lock()
	ra.state[p], ra.answers[p] = aheadRead, a
	ra.cond.Broadcast()
	ra.mu.Unlock()
}

// begin tells the read-ahead that a worker took story i of the set.
func (ra *readAhead) begin(i int) {
	if ra == nil {
		return
	}
	ra.mu.Lock()
	if i >= ra.started {
		ra.started = i + 1
		ra.cond.Broadcast()
	}
	ra.mu.Unlock()
}

// take returns the content of story path's base blob at real, waiting
// while it is being read; hit is false when the read-ahead did not read
// it and never will: the caller reads it.
func (ra *readAhead) take(path, real string) (src []byte, hit bool) {
	if ra == nil {
		return nil, false
	}
	ra.mu.Lock()
	defer ra.mu.Unlock()
	for ra.state[path] == aheadReading {
		ra.cond.Wait()
	}
	a := ra.answers[path]
	delete(ra.answers, path)
	ra.state[path] = aheadPassed
	if a.real == "" || a.real != real {
		return nil, false
	}
	return a.src, true
}

// finish drops the answer for story i of the set if no worker took it.
func (ra *readAhead) finish(i int) {
	if ra == nil || ra.paths[i] == "" {
		return
	}
	ra.mu.Lock()
	if ra.state[ra.paths[i]] == aheadRead {
		delete(ra.answers, ra.paths[i])
		ra.state[ra.paths[i]] = aheadPassed
	}
	ra.mu.Unlock()
}

// stop ends the read-ahead: its git process is ended and its goroutines
// waited for.
func (ra *readAhead) stop() {
	if ra == nil {
		return
	}
	ra.mu.Lock()
	ra.stopped = true
	ra.cond.Broadcast()
	ra.mu.Unlock()
	_ = ra.stream.Close()
	ra.wg.Wait()
}
