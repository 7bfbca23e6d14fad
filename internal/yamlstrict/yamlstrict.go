// Package yamlstrict refuses the YAML that storygate does not model. A
// verdict may rest only on YAML that every reader of the file — storygate
// (gopkg.in/yaml.v3), GitHub's rendering, the agents' own YAML libraries —
// reads the same way. Anchors, aliases, merge keys, explicit tags, a
// second document and the line breaks only YAML 1.1 knows are where
// readers part: yaml.v3 applies a merge when decoding into a map that a
// walk of the node tree never sees, YAML 1.2 dropped merge keys and the
// NEL/LS/PS breaks, and a tag retypes a value differently in each library.
// actionlint refuses merge keys in workflows for the same reason.
//
// Every refusal is positioned at the node yaml.v3 built for it (or, for a
// line break character, at the character), so callers report it where
// the parser saw it.
package yamlstrict

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/linebreak"
)

// Violation is one refused construct. Line and Column are yaml.v3's
// (1-based, in the decoded text), except for a refused line break
// character, where Offset is its byte offset in the text and Line and
// Column are counted as linebreak counts lines.
type Violation struct {
	Line, Column int
	Offset       int
	Message      string
}

// Error makes a Violation usable as an error.
func (v *Violation) Error() string { return fmt.Sprintf("%d:%d: %s", v.Line, v.Column, v.Message) }

const why = "storygate, GitHub and agents' YAML tools would not all read it the same way"

// Decode decodes src as one YAML document in storygate's strict subset.
// It returns the document node, or a *Violation, or yaml.v3's syntax
// error itself, unwrapped, for yamlerr.Locate to position.
func Decode(src []byte) (*yaml.Node, error) {
	if v := Breaks(src); v != nil {
		return nil, v
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil && !errors.Is(err, io.EOF) {
		return nil, err // unwrapped: yamlerr.Locate reads yaml.v3's own wording
	}
	if v := Check(&doc, src); v != nil {
		return nil, v
	}
	if v := secondDocument(dec, src); v != nil {
		return nil, v
	}
	return &doc, nil
}

// secondDocument reads on from a decoder that has returned the first
// document and refuses a second one, even an empty one ("---" alone) or
// one that is not valid YAML: a reader that takes only the first would
// ignore what follows, one that reads the stream would not. A "..." end
// marker with nothing after it is no second document.
func secondDocument(dec *yaml.Decoder, src []byte) *Violation {
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
		return nil
	case err != nil:
		return &Violation{Line: markerLine(src), Column: 1,
			Message: "the YAML document ends here, and yaml.v3 cannot read the text after it as another document; the text must be one document"}
	}
	return &Violation{Line: next.Line, Column: next.Column,
		Message: "a second YAML document starts here; the text must be one document, since a reader that takes only the first ignores what follows"}
}

// markerLine returns the first line after the first one that starts with
// a document marker ("---" or "..." alone or followed by white space), or
// 1: where yaml.v3 ended the first document.
func markerLine(src []byte) int {
	for i, l := range linebreak.Split(string(src)) {
		if i > 0 && (strings.HasPrefix(l, "---") || strings.HasPrefix(l, "...")) && (len(l) == 3 || l[3] == ' ' || l[3] == '\t') {
			return i + 1
		}
	}
	return 1
}

// Check walks the tree of a decoded document (src is the text it was
// decoded from) and returns the first refused node in document order, or
// nil. The walk is iterative, so a deep tree cannot exhaust the stack.
func Check(doc *yaml.Node, src []byte) *Violation {
	var at *positions // only text with a '!' can hold a tag yaml.v3 forgot
	if bytes.IndexByte(src, '!') >= 0 {
		at = newPositions(src)
	}
	stack := make([]*yaml.Node, 1, 64)
	stack[0] = doc
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v := refused(n, at); v != nil {
			return v
		}
		for i := len(n.Content) - 1; i >= 0; i-- { // reversed: pop in document order
			stack = append(stack, n.Content[i])
		}
	}
	return nil
}

// refused returns the violation node n is, or nil.
func refused(n *yaml.Node, at *positions) *Violation {
	pos := func(msg string, args ...any) *Violation {
		return &Violation{Line: n.Line, Column: n.Column, Message: fmt.Sprintf(msg, args...)}
	}
	switch {
	case n.Kind == yaml.AliasNode:
		return pos("YAML alias *%s: aliases are refused, since %s (an alias repeats a value written elsewhere, and yaml.v3 expands it where a reader of the text sees none); write the value out", n.Value, why)
	case n.Anchor != "":
		return pos("YAML anchor &%s: anchors are refused, since %s; write each value out where it is used", n.Anchor, why)
	case n.Kind == yaml.ScalarNode && n.Tag == "!!merge":
		return pos("YAML merge key <<: merge keys are refused (actionlint refuses them the same way), since %s: YAML 1.2 has no merge keys, and yaml.v3 applies the merge only when decoding into a map; write the keys out", why)
	case n.Style&yaml.TaggedStyle != 0 || (at != nil && n.Kind != yaml.DocumentNode && at.byteAt(n.Line, n.Column) == '!'):
		return pos("explicit YAML tag %s: tags are refused, since %s (each library types a tagged value its own way); write the value plainly, quoted if it must be a string", tagName(n), why)
	}
	return nil
}

// tagName is how a refused tag reads in a message.
func tagName(n *yaml.Node) string {
	if n.Style&yaml.TaggedStyle != 0 {
		return n.Tag
	}
	return "!" // the non-specific tag, which yaml.v3 resolves away
}

// Breaks returns a violation for the first NEL (U+0085), LINE SEPARATOR
// (U+2028) or PARAGRAPH SEPARATOR (U+2029) in src, or nil: yaml.v3 (after
// YAML 1.1) takes them for line breaks, YAML 1.2 readers and Markdown for
// text, so the two would not even agree on which line a key is on.
func Breaks(src []byte) *Violation {
	for off := 0; off < len(src); {
		i := bytes.IndexAny(src[off:], "\u0085\u2028\u2029")
		if i < 0 {
			return nil
		}
		off += i
		r, size := utf8.DecodeRune(src[off:])
		if r == 0x85 || r == 0x2028 || r == 0x2029 {
			line, col := newPositions(src).lineCol(off)
			return &Violation{Line: line, Column: col, Offset: off,
				Message: fmt.Sprintf("character U+%04X in YAML: yaml.v3 reads it as a line break, YAML 1.2 readers and GitHub as text, so they would disagree on the lines; remove it", r)}
		}
		off += size
	}
	return nil
}

// positions maps yaml.v3 line:column positions (columns in characters)
// back to the text. Check asks in document order, which is text order,
// so a cursor on the current line makes the whole walk linear.
type positions struct {
	src    []byte
	starts []int
	// line, col and off are the last position found.
	line, col, off int
}

func newPositions(src []byte) *positions {
	return &positions{src: src, starts: linebreak.Starts(src, nil)}
}

// byteAt returns the byte at a 1-based line and character column, or 0.
func (p *positions) byteAt(line, col int) byte {
	if line < 1 || line > len(p.starts) || col < 1 {
		return 0
	}
	if line != p.line || col < p.col {
		p.line, p.col, p.off = line, 1, p.starts[line-1]
	}
	for ; p.col < col && p.off < len(p.src); p.col++ {
		_, size := utf8.DecodeRune(p.src[p.off:])
		p.off += size
	}
	if p.off >= len(p.src) {
		return 0
	}
	return p.src[p.off]
}

// lineCol returns the 1-based line and character column of a byte offset.
func (p *positions) lineCol(off int) (int, int) {
	line := sort.Search(len(p.starts), func(i int) bool { return p.starts[i] > off })
	return line, utf8.RuneCount(p.src[p.starts[line-1]:off]) + 1
}
