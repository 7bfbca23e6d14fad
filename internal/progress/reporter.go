package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// DefaultDelay is how long a run writing plain lines (a pipe, a CI log)
// stays silent: one that ends sooner prints no progress at all, so quick
// commands keep a clean log. A terminal's live line shows from the start
// (it is erased at the end, so a quick run leaves nothing on the screen).
// Whatever finished during the delay is printed when it ends, so the
// first line of a long run already says what is done.
const DefaultDelay = time.Second

// lineWidth bounds the live line, so that it never wraps on a terminal of
// the classic width (a wrapped line cannot be redrawn in place).
const lineWidth = 79

// Options shapes a Reporter.
type Options struct {
	// Task names the run on every line, e.g. "verify".
	Task string
	// Terminal redraws one live line in place (carriage return, erase
	// line); otherwise each event is a plain line, as logs want.
	Terminal bool
	// Palette paints the outcomes.
	Palette Palette
	// Delay is how long nothing is printed; zero means the default (from
	// the start on a terminal, DefaultDelay for plain lines), below zero
	// prints from the start.
	Delay time.Duration
	// After runs f once d has passed and returns a stop function, as
	// time.AfterFunc does (nil means time.AfterFunc): tests fire it by hand.
	After func(d time.Duration, f func()) (stop func() bool)
}

// Reporter writes a run's progress: which items started and finished,
// how many of how many are done. Its methods are safe for concurrent use
// (items run in parallel) and do nothing on a nil Reporter, which is how
// --quiet and the JSON formats silence it.
type Reporter struct {
	w   io.Writer
	opt Options

	mu      sync.Mutex
	shown   bool // the delay passed: events are printed
	ended   bool
	stop    func() bool
	total   int
	done    int
	running []string
	early   []finished // what finished before the delay passed
}

// finished is an item that finished before the run was shown, printed
// when it is.
type finished struct {
	item, outcome string
	ok            bool
	done          int
}

// New returns a Reporter writing to w.
func New(w io.Writer, opt Options) *Reporter {
	if opt.Delay == 0 {
		opt.Delay = DefaultDelay
		if opt.Terminal {
			opt.Delay = -1
		}
	}
	if opt.After == nil {
		opt.After = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	return &Reporter{w: w, opt: opt}
}

// Begin starts the run of total items (0 when unknown) and its silent
// delay.
func (r *Reporter) Begin(total int) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.total = total
	if r.opt.Delay < 0 {
		r.showLocked()
		return
	}
	r.stop = r.opt.After(r.opt.Delay, r.show)
}

// show ends the silent delay: from now on events are printed, starting
// with where the run stands.
func (r *Reporter) show() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.showLocked()
}

func (r *Reporter) showLocked() {
	if r.shown || r.ended {
		return
	}
	r.shown = true
	for _, f := range r.early {
		r.finishedLocked(f)
	}
	r.early = nil
	if r.opt.Terminal {
		r.redrawLocked()
		return
	}
	r.printf("%s: %s\n", r.opt.Task, r.standing())
}

// Start records that item began.
func (r *Reporter) Start(item string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.running = append(r.running, item)
	switch {
	case !r.shown:
	case r.opt.Terminal:
		r.redrawLocked()
	default:
		r.printf("%s: started %s\n", r.opt.Task, item)
	}
}

// Done records that item finished, ok or not, with its outcome in a word
// or two ("passed", "failed: exit 1").
func (r *Reporter) Done(item string, ok bool, outcome string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if i := indexOf(r.running, item); i >= 0 {
		r.running = append(r.running[:i], r.running[i+1:]...)
	}
	r.done++
	f := finished{item: item, outcome: outcome, ok: ok, done: r.done}
	if !r.shown {
		if !r.ended {
			r.early = append(r.early, f)
		}
		return
	}
	r.finishedLocked(f)
	if r.opt.Terminal {
		r.redrawLocked()
	}
}

// finishedLocked prints the line of a finished item, with the count as it
// stood when it finished.
func (r *Reporter) finishedLocked(f finished) {
	mark := r.opt.Palette.Outcome(f.ok, markOf(f.ok))
	if r.opt.Terminal {
		r.printf("\r\x1b[K%s %s %s\n", mark, f.item, r.opt.Palette.Outcome(f.ok, f.outcome))
		return
	}
	r.printf("%s: %s %s %s (%s)\n", r.opt.Task, mark, f.item, r.opt.Palette.Outcome(f.ok, f.outcome), r.countOf(f.done))
}

// End finishes the run: the live line is erased, and a run that was shown
// gets its last count; a run that ended within the delay printed nothing
// and prints nothing now.
func (r *Reporter) End() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stop != nil {
		r.stop()
	}
	r.ended = true
	if !r.shown {
		return
	}
	if r.opt.Terminal {
		r.printf("\r\x1b[K")
		return
	}
	r.printf("%s: finished, %s\n", r.opt.Task, r.count())
}

// Interleaved returns a writer for other messages to the same stream as
// the progress (w): each write is serialized with the progress lines,
// which the delay's timer may print from another goroutine, so neither
// lands in the middle of the other; on a terminal each write also first
// erases the live line and then redraws it below. A nil Reporter returns
// w itself.
func (r *Reporter) Interleaved(w io.Writer) io.Writer {
	if r == nil {
		return w
	}
	return interleaved{r: r, w: w}
}

type interleaved struct {
	r *Reporter
	w io.Writer
}

// Write writes p under the Reporter's lock, between erasing and redrawing
// the live line on a terminal.
func (iw interleaved) Write(p []byte) (int, error) {
	r := iw.r
	r.mu.Lock()
	defer r.mu.Unlock()
	live := r.opt.Terminal && r.shown && !r.ended
	if live {
		r.printf("\r\x1b[K")
	}
	n, err := iw.w.Write(p)
	if live && len(p) > 0 && p[len(p)-1] == '\n' {
		r.redrawLocked()
	}
	return n, err
}

// redrawLocked rewrites the live line in place.
func (r *Reporter) redrawLocked() {
	line := fmt.Sprintf("%s: %s", r.opt.Task, r.standing())
	if n := len([]rune(line)); n > lineWidth {
		line = string([]rune(line)[:lineWidth-1]) + "…"
	}
	r.printf("\r\x1b[K%s", line)
}

// standing is where the run stands: the count and what is running.
func (r *Reporter) standing() string {
	s := r.count()
	if len(r.running) > 0 {
		s += ", running " + strings.Join(r.running, ", ")
	}
	return s
}

func (r *Reporter) count() string { return r.countOf(r.done) }

func (r *Reporter) countOf(done int) string {
	if r.total > 0 {
		return fmt.Sprintf("%d of %d done", done, r.total)
	}
	return fmt.Sprintf("%d done", done)
}

// printf writes progress; a failed write to stderr is no reason to fail
// the run, so its error is dropped.
func (r *Reporter) printf(format string, args ...any) {
	_, _ = fmt.Fprintf(r.w, format, args...)
}

func markOf(ok bool) string {
	if ok {
		return "✓"
	}
	return "✗"
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}
