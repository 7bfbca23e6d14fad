// Package linebreak splits text into lines the way gopkg.in/yaml.v3 and
// CommonMark do: "\r\n", a lone "\r" and "\n" each end one line. Every
// line index storygate keeps (stories, stage files, configuration, yaml
// error lines) comes from here, so a finding's line is the line yaml.v3
// and GitHub count, whatever line endings the file mixes.
package linebreak

import "bytes"

// Starts returns the byte offset where each line of src begins, appended
// to starts[:0] (so a caller may pass a buffer to reuse); the first line
// starts at 0, and a line ending at the very end of src starts one more,
// empty, line.
func Starts(src []byte, starts []int) []int {
	return AppendStarts(src, 0, append(starts[:0], 0))
}

// AppendStarts appends to starts the offset of every line of src that
// begins after offset from, itself the start of a line: Starts for the
// lines past a prefix whose starts are known.
func AppendStarts(src []byte, from int, starts []int) []int {
	if bytes.IndexByte(src[from:], '\r') < 0 {
		for off := from; ; { // the common case, vectorised
			i := bytes.IndexByte(src[off:], '\n')
			if i < 0 {
				return starts
			}
			off += i + 1
			starts = append(starts, off)
		}
	}
	for i := from; i < len(src); i++ {
		switch src[i] {
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		case '\n':
			starts = append(starts, i+1)
		}
	}
	return starts
}

// Split returns the lines of s without their line endings; like
// strings.Split(s, "\n") it returns one more, empty, line after a final
// line ending.
func Split(s string) []string {
	starts := Starts([]byte(s), nil)
	lines := make([]string, len(starts))
	for i, st := range starts {
		end := len(s)
		if i+1 < len(starts) {
			end = starts[i+1] - EndingLen(s[:starts[i+1]])
		}
		lines[i] = s[st:end]
	}
	return lines
}

// EndingLen returns the length of the line ending s ends with: 2 for
// "\r\n", 1 for "\r" or "\n", 0 for none.
func EndingLen(s string) int {
	switch {
	case len(s) >= 2 && s[len(s)-2:] == "\r\n":
		return 2
	case len(s) >= 1 && (s[len(s)-1] == '\n' || s[len(s)-1] == '\r'):
		return 1
	}
	return 0
}

// Count returns the number of lines in src: one more than its line endings.
func Count(src []byte) int {
	n := 1 + bytes.Count(src, []byte("\n")) + bytes.Count(src, []byte("\r"))
	return n - bytes.Count(src, []byte("\r\n"))
}

// LoneCRsToLF returns a copy of src with every CR that no LF follows made
// an LF. Lines and columns stay where they were (a lone CR already ends a
// line, as yaml.v3 and CommonMark read it), which lets a test check that
// a parser positions lone-CR input as it positions the same input with LF.
func LoneCRsToLF(src []byte) []byte {
	out := bytes.Clone(src)
	for i := range out {
		if out[i] == '\r' && (i+1 == len(out) || out[i+1] != '\n') {
			out[i] = '\n'
		}
	}
	return out
}
