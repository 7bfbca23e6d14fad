package lint

import (
	"errors"
	"fmt"
	"io"

	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/story"
)

// readSource reads a file into a buffer of its own, refusing files over
// story.MaxFileSize; tooLarge is the size when it refused. safefile.Open
// follows no final symlink and never blocks on a FIFO. The buffer is
// never reused: a parsed story's texts are views of it (unsafe.String, in
// package story), so it must stay unchanged for as long as any of them is
// reachable, which only the garbage collector knows. (Buffers were once
// pooled and returned after slimming; that made every string a rule kept
// a possible view of another story's bytes, and saved nothing measurable.)
func readSource(path string) (src []byte, tooLarge int64, err error) {
	f, size, err := safefile.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	if size > story.MaxFileSize {
		return nil, size, nil
	}
	buf := make([]byte, size)
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, 0, fmt.Errorf("read %s: %w", path, safefile.Named(err, path))
	}
	return buf[:n], 0, nil // a file that shrank meanwhile is read as it is now
}
