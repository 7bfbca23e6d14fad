package stage

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/linebreak"
	"github.com/storygate/storygate/internal/yamlerr"
	"github.com/storygate/storygate/internal/yamlstrict"
)

// MaxFileSize bounds what the parser reads; stage files are a few kilobytes,
// so anything larger is refused instead of being fed to the YAML parser.
const MaxFileSize = 1 << 20

// File is one stage file as parsed: the frontmatter mapping with positions
// and the headings of the body.
type File struct {
	// Path is the display path (slash-separated) used in diagnostics.
	Path string
	// Stem is the file name without its .md extension.
	Stem string
	// DirName is the name of the directory holding the file.
	DirName string
	// Front is the frontmatter mapping; nil when the file could not be parsed.
	Front *yaml.Node
	// Headings lists the body's ATX headings outside fenced code blocks.
	Headings []Heading
	// BodyLine is the file line just after the closing --- delimiter.
	BodyLine int
	// lineOffset converts a YAML line to a file line.
	lineOffset int
}

// Parsed reports whether the frontmatter parsed into a mapping, which every
// rule other than the parse rules needs.
func (f *File) Parsed() bool { return f.Front != nil }

// Pos converts a YAML node's position into a file position.
func (f *File) Pos(n *yaml.Node) diag.Pos {
	if n == nil {
		return diag.Pos{Line: 1, Column: 1}
	}
	return diag.Pos{Line: n.Line + f.lineOffset, Column: n.Column}
}

// Get returns the value node of a top-level frontmatter key, or nil.
func (f *File) Get(key string) *yaml.Node {
	_, v := f.Lookup(key)
	return v
}

// Lookup returns the key and value nodes of a top-level frontmatter key. When
// a key repeats, the first occurrence wins (stage/duplicate-key reports it).
func (f *File) Lookup(key string) (k, v *yaml.Node) {
	if f.Front == nil {
		return nil, nil
	}
	return mapLookup(f.Front, key)
}

// mapLookup finds key in a mapping node.
func mapLookup(m *yaml.Node, key string) (k, v *yaml.Node) {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// parseProblem is a diagnostic found while parsing, before any rule runs.
type parseProblem struct {
	rule string
	pos  diag.Pos
	msg  string
}

// ParseFile parses one stage file. It never panics on bad input: problems
// come back as positioned diagnostics and the File is left unparsed.
func ParseFile(displayPath string, data []byte) (*File, []diag.Diagnostic) {
	stem := strings.TrimSuffix(path.Base(displayPath), ".md")
	f := &File{Path: displayPath, Stem: stem, DirName: path.Base(path.Dir(displayPath)), lineOffset: 1}
	if p := parseInto(f, data); p != nil {
		return f, []diag.Diagnostic{diag.New(p.rule, ruleSeverity(p.rule), displayPath, p.pos, "%s", p.msg)}
	}
	return f, nil
}

func parseInto(f *File, data []byte) *parseProblem {
	if p := checkEncoding(data); p != nil {
		return p
	}
	lines := splitLines(bytes.TrimPrefix(data, []byte("\uFEFF")))
	closing, p := findFrontmatter(lines)
	if p != nil {
		return p
	}
	front, p := parseFrontmatter(strings.Join(lines[1:closing], "\n"))
	if p != nil {
		p.pos.Line += f.lineOffset
		return p
	}
	f.Front = front
	f.BodyLine = min(closing+2, len(lines)) // a file ending at --- points at it
	f.Headings = scanHeadings(lines[closing+1:], f.BodyLine)
	return nil
}

func checkEncoding(data []byte) *parseProblem {
	if len(data) > MaxFileSize {
		return &parseProblem{ruleFileEncoding, diag.Pos{}, fmt.Sprintf("file is %d bytes, larger than the %d-byte limit for a stage file", len(data), MaxFileSize)}
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return &parseProblem{ruleFileEncoding, offsetPos(data, i), "file is binary (it contains a NUL byte), not a Markdown stage file"}
	}
	if !utf8.Valid(data) {
		return &parseProblem{ruleFileEncoding, offsetPos(data, firstInvalidUTF8(data)), "file is not valid UTF-8"}
	}
	return nil
}

func firstInvalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(data)
}

// offsetPos turns a byte offset into a 1-based line (counted as yaml.v3
// counts lines) and byte column.
func offsetPos(data []byte, off int) diag.Pos {
	starts := linebreak.Starts(data[:off], nil)
	return diag.Pos{Line: len(starts), Column: off - starts[len(starts)-1] + 1}
}

// splitLines splits into lines as yaml.v3 and CommonMark do ("\r\n", a
// lone "\r" and "\n" each end one), so the lines rules point at are the
// lines yaml.v3 numbers.
func splitLines(data []byte) []string { return linebreak.Split(string(data)) }

// findFrontmatter returns the index of the closing --- line.
func findFrontmatter(lines []string) (int, *parseProblem) {
	if len(lines) == 0 || strings.TrimRight(lines[0], " \t") != "---" {
		return 0, &parseProblem{ruleFrontmatterMissing, diag.Pos{Line: 1, Column: 1}, "a stage file must start with a --- YAML frontmatter block"}
	}
	for i := 1; i < len(lines); i++ {
		if strings.TrimRight(lines[i], " \t") == "---" {
			return i, nil
		}
	}
	return 0, &parseProblem{ruleFrontmatterMissing, diag.Pos{Line: 1, Column: 1}, "the frontmatter block opened on line 1 is never closed with ---"}
}

// parseFrontmatter parses the YAML text into its top-level mapping node,
// held to storygate's strict subset (no anchors, aliases, merge keys, tags
// or second document: yamlstrict), which also rules out alias-expansion
// bombs.
func parseFrontmatter(text string) (*yaml.Node, *parseProblem) {
	doc, err := yamlstrict.Decode([]byte(text))
	var v *yamlstrict.Violation
	switch {
	case errors.As(err, &v):
		return nil, &parseProblem{ruleFrontmatterSyntax, diag.Pos{Line: v.Line, Column: v.Column}, "stage frontmatter: " + v.Message}
	case err != nil:
		return nil, yamlProblem(text, err)
	}
	if len(doc.Content) == 0 {
		return nil, &parseProblem{ruleFrontmatterSyntax, diag.Pos{Line: 0, Column: 1}, "the frontmatter is empty; a stage needs a YAML mapping of its fields"}
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, &parseProblem{ruleFrontmatterSyntax, diag.Pos{Line: root.Line, Column: root.Column}, "the frontmatter must be a YAML mapping, got " + kindName(root)}
	}
	return root, nil
}

// yamlProblem positions a yaml.v3 error on the line of the offending text
// (yaml.v3 numbers parser errors from 0 and often names only the enclosing
// block; yamlerr finds the line the way story frontmatter does).
func yamlProblem(text string, err error) *parseProblem {
	line, msg := yamlerr.Locate([]byte(text), err)
	return &parseProblem{ruleFrontmatterSyntax, diag.Pos{Line: line, Column: 1}, "invalid YAML in frontmatter: " + msg}
}

// kindName names a node's YAML type for messages.
func kindName(n *yaml.Node) string {
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	switch n.Tag {
	case "!!null":
		return "null"
	case "!!bool":
		return "a boolean"
	case "!!int":
		return "an integer"
	case "!!float":
		return "a number"
	}
	return "a string"
}
