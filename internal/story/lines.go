package story

import (
	"sort"
	"unicode/utf8"

	"github.com/storygate/storygate/internal/linebreak"
)

// lineIndex maps byte offsets to positions.
type lineIndex struct {
	src    []byte
	starts []int
}

// newLineIndex indexes the lines of src as yaml.v3 and CommonMark count
// them: "\r\n", a lone "\r" and "\n" each end a line.
func newLineIndex(src []byte) *lineIndex {
	starts := make([]int, 0, len(src)/32+1) // about a line per 32 bytes; grows if not
	return &lineIndex{src: src, starts: linebreak.Starts(src, starts)}
}

// newLineIndexBeside indexes src as newLineIndex does, beside other, the
// index of a text whose first shared bytes src shares: the lines starting
// inside that prefix start where other's do (a line ending inside it is
// the same ending in both: the byte after it is shared too), so only the
// rest of src is searched.
func newLineIndexBeside(src []byte, other *lineIndex, shared int) *lineIndex {
	k := sort.SearchInts(other.starts, shared) // other's starts before shared
	if k == 0 {
		return newLineIndex(src)
	}
	starts := make([]int, k, max(k+8, len(src)/32+1))
	copy(starts, other.starts[:k])
	return &lineIndex{src: src, starts: linebreak.AppendStarts(src, starts[k-1], starts)}
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
	start, end, ok := li.bounds(n)
	if !ok {
		return nil
	}
	return li.src[start:end]
}

func (li *lineIndex) count() int { return len(li.starts) }

// bounds returns the byte range of line n without its line ending; ok is
// false past the last line (a file ending in a newline has no line after it).
func (li *lineIndex) bounds(n int) (start, end int, ok bool) {
	if n < 1 || n > len(li.starts) || li.starts[n-1] >= len(li.src) {
		return 0, 0, false
	}
	start, end = li.starts[n-1], len(li.src)
	if n < len(li.starts) {
		end = li.starts[n] - linebreak.EndingLen(bytesAsString(li.src[:li.starts[n]]))
	}
	return start, end, true
}
