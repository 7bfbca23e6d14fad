package verify

import "sync"

// DefaultTailBytes is how much of each output stream a run keeps: the last
// 64 KiB, which holds a test runner's summary without letting a command that
// prints gigabytes exhaust memory.
const DefaultTailBytes = 64 << 10

// tailBuffer is an io.Writer that keeps the last limit bytes written to it
// and counts the bytes it had to drop. It is safe for concurrent writers.
type tailBuffer struct {
	mu      sync.Mutex
	limit   int
	buf     []byte // ring storage, len(buf) <= limit
	start   int    // index of the oldest byte once the ring is full
	dropped int64
}

func newTailBuffer(limit int) *tailBuffer {
	if limit <= 0 {
		limit = DefaultTailBytes
	}
	return &tailBuffer{limit: limit}
}

// Write keeps the newest bytes of p; it never fails, so the command never
// sees a broken pipe because we stopped listening.
func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	if len(p) > t.limit {
		t.dropped += int64(len(p) - t.limit)
		p = p[len(p)-t.limit:]
	}
	for len(p) > 0 {
		p = t.put(p)
	}
	return n, nil
}

// put stores as much of p as fits without wrapping and returns the rest.
func (t *tailBuffer) put(p []byte) []byte {
	if room := t.limit - len(t.buf); room > 0 {
		k := min(room, len(p))
		t.buf = append(t.buf, p[:k]...)
		return p[k:]
	}
	k := min(t.limit-t.start, len(p))
	copy(t.buf[t.start:], p[:k])
	t.dropped += int64(k)
	t.start = (t.start + k) % t.limit
	return p[k:]
}

// String returns the kept bytes, oldest first.
func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf[t.start:]) + string(t.buf[:t.start])
}

// Dropped returns how many bytes were written but not kept.
func (t *tailBuffer) Dropped() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dropped
}
