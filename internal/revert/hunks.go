package revert

import (
	"bytes"
	"strings"

	"github.com/go-git/go-git/v5/utils/diff"
	"github.com/sergi/go-diff/diffmatchpatch"
)

// Lines is a range of lines numbered as `git diff -U0` numbers a hunk's
// side: Start is the first line and Count how many; a side with no lines
// (a pure insertion or deletion) has Count 0 and Start the line before the
// gap.
type Lines struct {
	Start int `json:"start"`
	Count int `json:"count"`
}

// Hunk is one region where head differs from base, with no context lines
// (`git diff -U0`): the finest edit that can be reverted on its own.
type Hunk struct {
	Base, Head Lines
	// base and head are the region's lines on each side.
	base, head string
}

// hunks diffs base against head line by line (go-git's line diff) and
// returns the regions that differ, in order. Text without a line break at
// its end counts its last line, as git does.
func hunks(base, head []byte) []Hunk {
	var out []Hunk
	baseLine, headLine := 0, 0
	var cur *Hunk
	for _, d := range diff.Do(string(base), string(head)) {
		n := lineCount(d.Text)
		if d.Type == diffmatchpatch.DiffEqual {
			cur = closeHunk(&out, cur)
			baseLine += n
			headLine += n
			continue
		}
		if cur == nil {
			cur = &Hunk{Base: Lines{Start: baseLine}, Head: Lines{Start: headLine}}
		}
		if d.Type == diffmatchpatch.DiffDelete {
			cur.Base.Count += n
			cur.base += d.Text
			baseLine += n
		} else {
			cur.Head.Count += n
			cur.head += d.Text
			headLine += n
		}
	}
	closeHunk(&out, cur)
	return out
}

// closeHunk appends cur, numbering a non-empty side from its first line
// (git's convention; an empty side keeps the line before the gap).
func closeHunk(out *[]Hunk, cur *Hunk) *Hunk {
	if cur == nil {
		return nil
	}
	if cur.Base.Count > 0 {
		cur.Base.Start++
	}
	if cur.Head.Count > 0 {
		cur.Head.Start++
	}
	*out = append(*out, *cur)
	return nil
}

func lineCount(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}

// undo returns head with only h set back to its base lines: the file as
// it would be had the change made every edit but this one.
func (h Hunk) undo(head []byte) []byte {
	lines := bytes.SplitAfter(head, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	// The first head line of the region (0-based): after Start-1 lines
	// when the region has head lines, after Start lines when it has none.
	from := h.Head.Start
	if h.Head.Count > 0 {
		from--
	}
	var out bytes.Buffer
	for _, l := range lines[:from] {
		out.Write(l)
	}
	out.WriteString(h.base)
	for _, l := range lines[from+h.Head.Count:] {
		out.Write(l)
	}
	return out.Bytes()
}

// textual reports whether a version can be split into hunks: no NUL byte,
// the test git itself uses to call a file binary.
func textual(content []byte) bool {
	return !bytes.Contains(content[:min(len(content), 8000)], []byte{0})
}
