// Package story parses enso.story/v1 files into values that remember where
// they came from (file, line, column), and edits them in place.
package story

import (
	"bytes"
	"sync"
	"unicode/utf8"

	"github.com/storygate/storygate/internal/diag"
)

// Pos is a 1-based line and column in the story file.
type Pos = diag.Pos

// MaxFileSize is the largest story file storygate parses. Larger files get a
// diagnostic instead of being read into the parser.
const MaxFileSize = 4 << 20

// Problem is a defect found while parsing, before any rule runs. Rules turn
// problems into diagnostics under their own IDs.
type Problem struct {
	Rule    string
	Pos     Pos
	Message string
}

// Story is one parsed story file.
type Story struct {
	// Path is the file's path relative to the repository root, with slashes.
	Path string
	// Src is the file's bytes exactly as read. The parsed texts share its
	// memory, so it must not be modified after Parse; edits build new bytes.
	Src []byte
	// Front is the decoded frontmatter; nil when there is none or it is not YAML.
	Front *Frontmatter
	// Body is the markdown after the frontmatter (the whole file without
	// one); nil when it cannot be located (unclosed frontmatter, binary file).
	Body *Body
	// Problems are parse-level defects (missing or broken frontmatter, binary content).
	Problems []Problem
	lines    *lineIndex
	// bodyStart is the byte offset of the body (-1 when unknown).
	bodyStart int
	// referenceYAML sends the frontmatter to yaml.v3 alone, bypassing
	// the fast path (ParseReference).
	referenceYAML bool

	// Derived views, computed on first use: rules ask for them many times.
	logOnce       sync.Once
	logRows       []LogRow
	logTable      *Table
	cacheMu       sync.Mutex
	entryCache    map[string][]NumberedEntry
	decisionsOnce sync.Once
	decisions     []Decision
}

// Parse parses src as the story file at path. It never fails: defects are
// recorded as Problems so that every rule can still run on what was readable.
func Parse(path string, src []byte) *Story { return parse(path, src, fastPathOff, nil) }

// ParseBeside parses like Parse. When src opens with the very frontmatter
// bytes other (a whole story, not a slim one) was parsed from, as the base
// and head of a story whose body alone changed do, the frontmatter is not
// decoded again: the story gets a Frontmatter of its own sharing other's
// decoded fields, which nothing writes after parsing. The same bytes
// decode to the same fields, so the story is the one Parse gives. So for
// the body: the blocks up to the last heading the two share are other's,
// and only the lines after it are scanned (parseBodyBeside).
func ParseBeside(path string, src []byte, other *Story) *Story {
	return parse(path, src, fastPathOff, other)
}

// ParseReference parses like Parse with every frontmatter decoded by
// yaml.v3 alone: the reference the fast path is checked against.
func ParseReference(path string, src []byte) *Story { return parse(path, src, true, nil) }

func parse(path string, src []byte, referenceYAML bool, beside *Story) *Story {
	shared := sharedWith(src, beside)
	s := &Story{Path: path, Src: src, lines: linesBeside(src, beside, shared), referenceYAML: referenceYAML}
	if p, ok := checkText(src, s.lines); !ok {
		s.Problems = append(s.Problems, p)
		return s
	}
	if s.bodyStart = s.parseFrontmatter(beside); s.bodyStart >= 0 {
		s.Body = parseBodyBeside(src, s.bodyStart, s.lines, beside, shared)
	}
	return s
}

// sharedWith is how many bytes src opens with that beside, a story src
// is parsed beside, opens with too; 0 without one or its line index.
func sharedWith(src []byte, beside *Story) int {
	if beside == nil || beside.lines == nil {
		return 0
	}
	return commonPrefix(src, beside.Src)
}

// linesBeside is src's line index, taken in part from the index of beside
// for the shared bytes they open with.
func linesBeside(src []byte, beside *Story, shared int) *lineIndex {
	if shared == 0 {
		return newLineIndex(src)
	}
	return newLineIndexBeside(src, beside.lines, shared)
}

// checkText refuses content that is not UTF-8 text.
func checkText(src []byte, li *lineIndex) (Problem, bool) {
	if i := bytes.IndexByte(src, 0); i >= 0 {
		return Problem{Rule: "structure/not-text", Message: "file contains a NUL byte: a story must be UTF-8 text, not binary"}, false
	}
	if !utf8.Valid(src) {
		return Problem{Rule: "structure/not-text", Pos: Pos{Line: li.pos(firstInvalidUTF8(src)).Line, Column: 1}, Message: "file is not valid UTF-8"}, false
	}
	return Problem{}, true
}

func firstInvalidUTF8(src []byte) int {
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(src)
}

// BodyLine returns the first line after the frontmatter (1 without one),
// known even when the frontmatter is not valid YAML.
func (s *Story) BodyLine() int {
	if s.bodyStart <= 0 {
		return 1
	}
	return s.lines.pos(s.bodyStart).Line
}

// Line returns the text of 1-based line n without its line ending.
func (s *Story) Line(n int) string { return string(s.lines.text(n)) }

// LineCount returns the number of lines in the file, counting the empty
// line after a final newline.
func (s *Story) LineCount() int { return s.lines.count() }

// LastLine returns the number of the file's last line as an editor shows
// it: a final newline does not start another line. It is at least 1, so a
// finding about something missing at the end always points at a line.
func (s *Story) LastLine() int {
	n := s.lines.count()
	if n > 1 && s.lines.start(n) >= len(s.Src) {
		n--
	}
	return n
}
