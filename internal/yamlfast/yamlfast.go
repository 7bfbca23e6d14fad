// Package yamlfast decodes the plain subset of YAML that story frontmatter
// is written in — block mappings and sequences, one-line plain or quoted
// scalars, one-line flow sequences of plain words — into exactly the
// yaml.Node tree gopkg.in/yaml.v3 builds for the same text, several times
// faster.
//
// It never guesses: Decode refuses anything outside the subset (comments,
// anchors, tags, escapes, multi-line scalars, non-ASCII text, tabs, odd
// indentation, …) and the caller then decodes with yaml.v3, which stays the
// authority on YAML. Tests hold the two to identical trees on every input
// the fast path accepts, including a differential fuzzer.
package yamlfast

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// maxDepth bounds nesting on the fast path; deeper documents go to yaml.v3,
// whose result the caller checks for depth anyway.
const maxDepth = 16

// Decode returns the document node yaml.v3 would decode src into, and true;
// or nil and false when src is outside the subset. Node values are
// substrings of one copy of src, so src may be reused afterwards.
func Decode(src []byte) (*yaml.Node, bool) {
	if !plainASCII(src) {
		return nil, false
	}
	d := newDecoder(string(src))
	if len(d.lines) == 0 {
		return nil, false
	}
	first := d.lines[0]
	if d.isDash(first) {
		return nil, false // a story's frontmatter is a mapping; leave the rest to yaml.v3
	}
	root, ok := d.mapping(first.indent, 0)
	if !ok || d.i != len(d.lines) {
		return nil, false
	}
	doc := d.node(yaml.DocumentNode, "", "", first.num, first.indent+1)
	doc.Content = d.seal([]*yaml.Node{root})
	return doc, true
}

// plainASCII reports whether src is printable ASCII and newlines without a
// '#' (comments attach to nodes in ways the fast path does not model).
func plainASCII(src []byte) bool {
	for _, c := range src {
		if (c < ' ' && c != '\n') || c > '~' || c == '#' {
			return false
		}
	}
	return true
}

// line is one non-blank line: start is the byte offset of its first
// non-space character (moved past "- " for a sequence item), end the offset
// after its last non-space one, indent the 0-based column of start.
type line struct {
	num, indent, start, end, lineStart int
}

// decoder walks the non-blank lines of one document.
type decoder struct {
	s     string
	lines []line
	i     int
	arena []yaml.Node
	refs  []*yaml.Node
	stack []*yaml.Node
}

func newDecoder(s string) *decoder {
	d := &decoder{s: s, lines: make([]line, 0, strings.Count(s, "\n")+1)}
	n, num := 0, 1
	for n <= len(s) {
		e := n
		for e < len(s) && s[e] != '\n' {
			e++
		}
		d.addLine(num, n, e)
		n, num = e+1, num+1
	}
	d.arena = make([]yaml.Node, 0, 2*len(d.lines)+8)
	return d
}

// addLine records the line [from, to) unless it is blank.
func (d *decoder) addLine(num, from, to int) {
	st := from
	for st < to && d.s[st] == ' ' {
		st++
	}
	en := to
	for en > st && d.s[en-1] == ' ' {
		en--
	}
	if st < en {
		d.lines = append(d.lines, line{num: num, indent: st - from, start: st, end: en, lineStart: from})
	}
}

// node allocates a node from the arena (a fresh chunk when it is full, so
// earlier pointers stay valid).
func (d *decoder) node(kind yaml.Kind, tag, value string, lineNum, col int) *yaml.Node {
	if len(d.arena) == cap(d.arena) {
		d.arena = make([]yaml.Node, 0, cap(d.arena))
	}
	d.arena = append(d.arena, yaml.Node{Kind: kind, Tag: tag, Value: value, Line: lineNum, Column: col})
	return &d.arena[len(d.arena)-1]
}

// seal copies children into the shared reference slab with a capped
// capacity, so a caller appending to one node's Content cannot overwrite
// its neighbour's.
func (d *decoder) seal(children []*yaml.Node) []*yaml.Node {
	if len(children) == 0 {
		return nil
	}
	if cap(d.refs)-len(d.refs) < len(children) {
		d.refs = make([]*yaml.Node, 0, max(4*len(d.lines), len(children)))
	}
	from := len(d.refs)
	d.refs = append(d.refs, children...)
	return d.refs[from:len(d.refs):len(d.refs)]
}

// children pops the stack down to mark and returns the popped nodes sealed.
func (d *decoder) children(mark int) []*yaml.Node {
	out := d.seal(d.stack[mark:])
	d.stack = d.stack[:mark]
	return out
}

// isDash reports whether ln is a block sequence item.
func (d *decoder) isDash(ln line) bool {
	return d.s[ln.start] == '-' && (ln.end == ln.start+1 || d.s[ln.start+1] == ' ')
}

// next returns the current line, if any is left.
func (d *decoder) next() (line, bool) {
	if d.i < len(d.lines) {
		return d.lines[d.i], true
	}
	return line{}, false
}
