package records

import (
	"bytes"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/storygate/storygate/internal/diag"
)

// Limits that keep hostile records from exhausting time or memory. A record
// over a limit is a positioned finding, never a crash.
const (
	// MaxRecordBytes is the largest record file read.
	MaxRecordBytes = 8 << 20
	// maxDepth bounds nesting of lists and mappings.
	maxDepth = 200
	// maxNodes bounds the values one document may expand to, counting
	// every value reached through a YAML alias again (alias bombs).
	maxNodes = 200_000
)

// Rule IDs of the findings about a record file itself rather than a check.
const (
	RuleParse     = "records/parse"
	RuleEncoding  = "records/encoding"
	RuleTooLarge  = "records/too-large"
	RuleEmpty     = "records/empty"
	RuleDuplicate = "records/duplicate-key"
	RuleTooDeep   = "records/too-complex"
	RuleRead      = "records/read"
)

// Record is one document of a record file.
type Record struct {
	File string
	Root *Value
}

// Parse decodes data, named file, into its records: one per YAML document,
// one per JSON file, one per non-blank line of a JSON Lines file. Problems
// come back as positioned diagnostics; records that could not be decoded
// are left out.
func Parse(file string, data []byte) ([]Record, []diag.Diagnostic) {
	if d, bad := screen(file, data); bad {
		return nil, []diag.Diagnostic{d}
	}
	var roots []*Value
	var problems []diag.Diagnostic
	switch {
	case isJSONLines(file):
		roots, problems = parseJSONLines(file, data)
	case isJSON(file, data):
		roots, problems = parseJSONDocument(file, data)
	default:
		roots, problems = parseYAML(file, data)
	}
	if len(roots) == 0 && len(problems) == 0 {
		problems = append(problems, diag.New(RuleEmpty, diag.SeverityError, file, diag.Pos{}, "the file holds no record"))
	}
	return wrap(file, roots), problems
}

func wrap(file string, roots []*Value) []Record {
	out := make([]Record, 0, len(roots))
	for _, r := range roots {
		out = append(out, Record{File: file, Root: r})
	}
	return out
}

// screen rejects input that is not a text record at all: too large, binary,
// or not UTF-8.
func screen(file string, data []byte) (diag.Diagnostic, bool) {
	if len(data) > MaxRecordBytes {
		return diag.New(RuleTooLarge, diag.SeverityError, file, diag.Pos{}, "the file is %d bytes; records are limited to %d", len(data), MaxRecordBytes), true
	}
	idx := newLineIndex(data)
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return diag.New(RuleEncoding, diag.SeverityError, file, idx.pos(i), "the file holds a NUL byte; records are UTF-8 text"), true
	}
	if i := firstInvalidUTF8(data); i >= 0 {
		return diag.New(RuleEncoding, diag.SeverityError, file, idx.pos(i), "the file is not valid UTF-8 at byte %d", i), true
	}
	return diag.Diagnostic{}, false
}

func firstInvalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return -1
}

func isJSONLines(file string) bool {
	ext := strings.ToLower(filepath.Ext(file))
	return ext == ".jsonl" || ext == ".ndjson"
}

// isJSON picks the JSON decoder for .json files and for content that opens
// like JSON, so JSON gets JSON's semantics rather than YAML's.
func isJSON(file string, data []byte) bool {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".json":
		return true
	case ".yaml", ".yml":
		return false
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	return len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[')
}

// lineIndex turns byte offsets into 1-based line and rune columns.
type lineIndex struct {
	data   []byte
	starts []int
}

func newLineIndex(data []byte) *lineIndex {
	starts := []int{0}
	for i, b := range data {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &lineIndex{data: data, starts: starts}
}

func (x *lineIndex) pos(off int) diag.Pos {
	off = max(0, min(off, len(x.data)))
	line := sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off }) - 1
	col := utf8.RuneCount(x.data[x.starts[line]:off]) + 1
	return diag.Pos{Line: line + 1, Column: col}
}
