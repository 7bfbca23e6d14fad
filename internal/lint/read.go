package lint

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/story"
)

// srcPool recycles file buffers. A story's parsed texts share its source
// bytes, so a buffer goes back only once the story has been slimmed and
// nothing points into it any more.
var srcPool = sync.Pool{New: func() any { return new([]byte) }}

// readSource reads a file into a pooled buffer, refusing files over
// story.MaxFileSize (tooLarge is the size when it refused). The file is
// opened by safefile.Open: no final symlink, no blocking on a FIFO that
// took the place of the file Resolve saw.
func readSource(path string) (src []byte, buf *[]byte, tooLarge int64, err error) {
	f, size, err := safefile.Open(path)
	if err != nil {
		return nil, nil, 0, err
	}
	defer f.Close()
	if size > story.MaxFileSize {
		return nil, nil, size, nil
	}
	buf = srcPool.Get().(*[]byte)
	if int64(cap(*buf)) < size {
		*buf = make([]byte, size)
	}
	n, err := io.ReadFull(f, (*buf)[:size])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		srcPool.Put(buf)
		return nil, nil, 0, fmt.Errorf("read %s: %w", path, err)
	}
	return (*buf)[:n], buf, 0, nil // a file that shrank meanwhile is read as it is now
}

// release returns a slimmed story's buffer to the pool.
func (l *loaded) release() {
	if l.buf != nil {
		srcPool.Put(l.buf)
		l.buf = nil
	}
}
