package story

import (
	"bytes"
	"sort"
	"unicode/utf8"
)

// lineIndex maps byte offsets to positions.
type lineIndex struct {
	src    []byte
	starts []int
}

func newLineIndex(src []byte) *lineIndex {
	starts := make([]int, 1, len(src)/32+1) // about a line per 32 bytes; grows if not
	for off := 0; ; {
		i := bytes.IndexByte(src[off:], '\n') // vectorised, unlike a byte loop
		if i < 0 {
			break
		}
		off += i + 1
		starts = append(starts, off)
	}
	return &lineIndex{src: src, starts: starts}
}

// pos returns the 1-based line and column (in characters) of offset.
func (li *lineIndex) pos(offset int) Pos {
	if offset < 0 {
		offset = 0
	}
	if offset > len(li.src) {
		offset = len(li.src)
	}
	line := sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > offset }) - 1
	col := utf8.RuneCount(li.src[li.starts[line]:offset]) + 1
	return Pos{Line: line + 1, Column: col}
}

// start returns the byte offset where 1-based line n begins.
func (li *lineIndex) start(n int) int {
	if n < 1 {
		return 0
	}
	if n > len(li.starts) {
		return len(li.src)
	}
	return li.starts[n-1]
}

// text returns line n without its line ending.
func (li *lineIndex) text(n int) []byte {
	if n < 1 || n > len(li.starts) {
		return nil
	}
	end := len(li.src)
	if n < len(li.starts) {
		end = li.starts[n] - 1
	}
	return bytes.TrimSuffix(li.src[li.starts[n-1]:end], []byte("\r"))
}

func (li *lineIndex) count() int { return len(li.starts) }

// bounds returns the byte range of line n without its newline; ok is false
// past the last line (a file ending in a newline has no line after it).
func (li *lineIndex) bounds(n int) (start, end int, ok bool) {
	if n < 1 || n > len(li.starts) || li.starts[n-1] >= len(li.src) {
		return 0, 0, false
	}
	start, end = li.starts[n-1], len(li.src)
	if n < len(li.starts) {
		end = li.starts[n] - 1
	}
	return start, end, true
}
