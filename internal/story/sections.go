package story

import (
	"github.com/storygate/storygate/internal/lifecycle"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Section is a `##` section: its heading and the blocks up to the next
// heading of level 1 or 2.
type Section struct {
	Name    string
	Heading *Block
	Blocks  []Block
	// EndLine is the last line belonging to the section.
	EndLine int

	// Required is the section's index in lifecycle.RequiredSections, or -1.
	Required int

	entriesOnce sync.Once
	entries     []*Entry
	first       int // index of the section's first block in the body
}

// Entry is a `###` entry inside a section (Plan v1, Iteration 2, ...).
type Entry struct {
	Heading *Block
	Blocks  []Block
	EndLine int
	Fields  []Field
}

// Field is a bold field line such as `**Date:** 2026-05-27 10:00`.
type Field struct {
	Key, Value string
	Pos        Pos
	ValuePos   Pos
}

// Part is a `####` part of an entry (Summary, Tool Findings, ...).
type Part struct {
	Heading *Block
	Blocks  []Block
}

func (b *Body) index() {
	var cur *Section
	for i := range b.Blocks {
		blk := &b.Blocks[i]
		if blk.Kind != BlockHeading || blk.Level > 2 {
			continue
		}
		if cur != nil {
			cur.EndLine = blk.Pos.Line - 1
			cur.Blocks = b.Blocks[cur.first:i]
		}
		cur = nil
		if blk.Level == 1 && b.Title == nil {
			b.Title = blk
		}
		if blk.Level == 2 {
			cur = &Section{Name: blk.Text, Heading: blk, first: i + 1, Required: requiredIndex(blk.Text)}
			b.Sections = append(b.Sections, cur)
		}
	}
	if cur != nil {
		cur.EndLine = b.EndLine
		cur.Blocks = b.Blocks[cur.first:]
	}
}

// SameName compares section names the way authors expect: ignoring case and
// runs of white space.
func SameName(a, b string) bool {
	if a == b {
		return true
	}
	if a != "" && b != "" && a[0] < utf8.RuneSelf && b[0] < utf8.RuneSelf && a[0] > ' ' && b[0] > ' ' &&
		lowerASCII(a[0]) != lowerASCII(b[0]) {
		return false // the common miss, decided without decoding
	}
	i, j := skipSpace(a, 0), skipSpace(b, 0)
	for i < len(a) && j < len(b) {
		ra, sa := utf8.DecodeRuneInString(a[i:])
		rb, sb := utf8.DecodeRuneInString(b[j:])
		if unicode.IsSpace(ra) && unicode.IsSpace(rb) {
			i, j = skipSpace(a, i), skipSpace(b, j)
			continue
		}
		if ra != rb && unicode.ToLower(ra) != unicode.ToLower(rb) {
			return false
		}
		i, j = i+sa, j+sb
	}
	return skipSpace(a, i) == len(a) && skipSpace(b, j) == len(b)
}

// skipSpace returns the index of the first non-space rune at or after i.
func skipSpace(s string, i int) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			break
		}
		i += size
	}
	return i
}

// Section returns the first section with the given name, or nil.
func (b *Body) Section(name string) *Section {
	want := requiredIndex(name)
	for _, s := range b.Sections {
		if want >= 0 && s.Required == want || want < 0 && SameName(s.Name, name) {
			return s
		}
	}
	return nil
}

// requiredIndex returns the index of name among the required sections
// (compared as SameName does), or -1. Exact names take the fast path.
func requiredIndex(name string) int {
	for i, r := range lifecycle.RequiredSections {
		if name == r {
			return i
		}
	}
	for i, r := range lifecycle.RequiredSections {
		if SameName(name, r) {
			return i
		}
	}
	return -1
}

// Entries splits the section at its `###` headings (computed once).
func (s *Section) Entries() []*Entry {
	s.entriesOnce.Do(func() { s.entries = s.splitEntries() })
	return s.entries
}

// splitEntries cuts the section's blocks at `###` headings; entries share
// the body's block slice rather than copying it.
func (s *Section) splitEntries() []*Entry {
	n := 0
	for i := range s.Blocks {
		if s.Blocks[i].Kind == BlockHeading && s.Blocks[i].Level == 3 {
			n++
		}
	}
	out := make([]*Entry, 0, n)
	var cur *Entry
	first := 0
	for i := range s.Blocks {
		blk := &s.Blocks[i]
		if blk.Kind != BlockHeading || blk.Level > 3 {
			continue
		}
		if cur != nil {
			cur.EndLine = blk.Pos.Line - 1
			cur.Blocks = s.Blocks[first:i]
		}
		cur = nil
		if blk.Level == 3 {
			cur = &Entry{Heading: blk}
			first = i + 1
			out = append(out, cur)
		}
	}
	if cur != nil {
		cur.EndLine = s.EndLine
		cur.Blocks = s.Blocks[first:]
	}
	for _, e := range out {
		e.Fields = fieldsOf(e.Blocks)
	}
	return out
}

// fieldsOf reads the bold fields written before the entry's first `####`.
func fieldsOf(blocks []Block) []Field {
	var out []Field
	if len(blocks) > 0 && blocks[0].Kind == BlockParagraph {
		out = make([]Field, 0, len(blocks[0].Lines)) // fields are the first paragraph's lines
	}
	for i := range blocks {
		blk := &blocks[i]
		if blk.Kind == BlockHeading {
			break
		}
		switch blk.Kind {
		case BlockParagraph:
			for _, ln := range blk.Lines {
				if f, ok := parseField(ln); ok {
					out = append(out, f)
				}
			}
		case BlockList: // fields written as a list: - **Date:** …
			for _, it := range blk.Items {
				if f, ok := parseField(Line{Text: it.Text, Pos: it.Pos}); ok {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// parseField reads `**Key:** value` (or `**Key**: value`) from one line.
func parseField(ln Line) (Field, bool) {
	t := ln.Text
	if !strings.HasPrefix(t, "**") {
		return Field{}, false
	}
	end := strings.Index(t[2:], "**")
	if end < 0 {
		return Field{}, false
	}
	key, rest := t[2:2+end], t[4+end:]
	switch {
	case strings.HasSuffix(key, ":"):
		key = key[:len(key)-1]
	case strings.HasPrefix(rest, ":"):
		rest = rest[1:]
	default:
		return Field{}, false
	}
	if key == "" || strings.ContainsAny(key, "*:") {
		return Field{}, false
	}
	trimmed := strings.TrimLeft(rest, " \t")
	valueCol := ln.Pos.Column + len(t) - len(trimmed)
	return Field{Key: strings.TrimSpace(key), Value: strings.TrimSpace(trimmed), Pos: ln.Pos,
		ValuePos: Pos{Line: ln.Pos.Line, Column: valueCol}}, true
}

// Field returns the entry's field named key (case-insensitive).
func (e *Entry) Field(key string) (Field, bool) {
	for _, f := range e.Fields {
		if SameName(f.Key, key) {
			return f, true
		}
	}
	return Field{}, false
}

// Part returns the entry's `####` part with the given name, or nil. Its
// blocks share the entry's slice.
func (e *Entry) Part(name string) *Part {
	for i := range e.Blocks {
		blk := &e.Blocks[i]
		if blk.Kind != BlockHeading || blk.Level != 4 || !SameName(blk.Text, name) {
			continue
		}
		end := i + 1
		for end < len(e.Blocks) && e.Blocks[end].Kind != BlockHeading {
			end++
		}
		return &Part{Heading: blk, Blocks: e.Blocks[i+1 : end : end]}
	}
	return nil
}

// FirstTable returns the first table among blocks, or nil.
func FirstTable(blocks []Block) *Table {
	for i := range blocks {
		blk := &blocks[i]
		if blk.Kind == BlockTable {
			return blk.Table
		}
	}
	return nil
}

// Tables returns every table among the section's blocks.
func (s *Section) Tables() []*Table {
	var out []*Table
	for i := range s.Blocks {
		blk := &s.Blocks[i]
		if blk.Kind == BlockTable {
			out = append(out, blk.Table)
		}
	}
	return out
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
