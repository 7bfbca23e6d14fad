package story

import (
	"bytes"
	"strconv"
	"strings"
	"time"

	"github.com/storygate/storygate/internal/lifecycle"
)

// LogColumns are the Transition Log columns of §10, in order.
var LogColumns = []string{"Time", "Actor", "Event", "From", "To", "Note"}

// LogRow is one row of the Transition Log.
type LogRow struct {
	Time, Actor, Event, From, To, Note Cell
	Pos                                Pos
	// When is the parsed Time; TimeOK is false when it did not parse.
	When   time.Time
	TimeOK bool
	// Cells is the number of cells the row has.
	Cells int
}

// WellFormed reports whether the row has one cell per log column. The
// transition rules judge only well-formed rows: which cell is missing from
// a short row cannot be known (transition/log-format reports the row).
func (r *LogRow) WellFormed() bool { return r.Cells == len(LogColumns) }

// Log returns the Transition Log rows and the log table (the section's
// first table; nil when absent), parsed once per story. The rows are the
// log table's and those of row runs after it that a blank line or text
// cut off from it (transition/log-format reports them): they are still
// rows of the log, so every transition rule sees them.
func (s *Story) Log() ([]LogRow, *Table) {
	s.logOnce.Do(func() { s.logRows, s.logTable = s.parseLog() })
	return s.logRows, s.logTable
}

func (s *Story) parseLog() ([]LogRow, *Table) {
	if s.Body == nil {
		return nil, nil
	}
	sec := s.Body.Section(lifecycle.SectionLog)
	if sec == nil {
		return nil, nil
	}
	var log *Table
	var rows []LogRow
	var idx []int
	for i := range sec.Blocks {
		t := sec.Blocks[i].Table
		switch {
		case t == nil:
			continue
		case log == nil:
			log, idx = t, columnIndex(t, LogColumns)
			rows = make([]LogRow, 0, len(t.Rows))
		case t.HasDelimiter && !IsLogHeader(t.Header):
			continue // another table, not log rows
		case t.HasDelimiter:
			idx = columnIndex(t, LogColumns)
		}
		rows = appendLogRows(rows, t, idx)
	}
	return rows, log
}

// appendLogRows appends t's rows read through the column indexes idx. A
// table without a delimiter row has no header: its first line is a row
// too, unless it repeats the log header.
func appendLogRows(rows []LogRow, t *Table, idx []int) []LogRow {
	if !t.HasDelimiter && !IsLogHeader(t.Header) {
		rows = append(rows, logRow(t.Header, idx))
	}
	for _, r := range t.Rows {
		rows = append(rows, logRow(r, idx))
	}
	return rows
}

func logRow(r Row, idx []int) LogRow {
	row := LogRow{Pos: r.Pos, Time: r.Cell(idx[0]), Actor: r.Cell(idx[1]), Event: r.Cell(idx[2]),
		From: r.Cell(idx[3]), To: r.Cell(idx[4]), Note: r.Cell(idx[5]), Cells: len(r.Cells)}
	row.When, row.TimeOK = ParseTime(strings.Trim(row.Time.Text, "`"))
	return row
}

// IsLogHeader reports whether a row reads Time | Actor | Event | From | To
// | Note (case-insensitive).
func IsLogHeader(r Row) bool {
	if len(r.Cells) != len(LogColumns) {
		return false
	}
	for i, c := range r.Cells {
		if !strings.EqualFold(c.Text, LogColumns[i]) {
			return false
		}
	}
	return true
}

// columnIndex maps wanted column names to indexes, falling back to the
// spec's position when a header is missing or renamed.
func columnIndex(t *Table, wanted []string) []int {
	idx := make([]int, len(wanted))
	for i, name := range wanted {
		idx[i] = t.Column(name)
		if idx[i] < 0 {
			idx[i] = i
		}
	}
	return idx
}

// Clean returns a cell's text without code backticks and surrounding space,
// lower-cased when the cell names a state, role or event.
func Clean(s string) string {
	if isPlainToken(s) {
		return s
	}
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "`"))
}

// Token is Clean lower-cased: how states, roles and events are compared.
func Token(s string) string {
	if isPlainToken(s) {
		return s // the common case, a state or event as written: no work
	}
	return strings.ToLower(Clean(s))
}

// isPlainToken reports whether s is already clean and lower case: ASCII
// letters, digits, '_', '-' and '.', nothing to trim.
func isPlainToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// NumberedEntry is a role entry with its parsed heading number.
type NumberedEntry struct {
	*Entry
	Kind lifecycle.EntryKind
	// Number is N of "Plan vN", "Iteration N"...; OK is false when the heading does not match.
	Number int
	OK     bool
}

// entryNumber reads the N of an entry heading: digits, then only space.
func entryNumber(s string) (int, bool) {
	digits := strings.TrimRight(s, " \t")
	if digits == "" || strings.TrimLeft(digits, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	return n, err == nil
}

// Entries returns the numbered entries of the role section kind.Section,
// computed once per story and kind.
func (s *Story) Entries(kind lifecycle.EntryKind) []NumberedEntry {
	s.cacheMu.Lock()
	defer s.cacheMu.Unlock()
	if cached, ok := s.entryCache[kind.Section]; ok {
		return cached
	}
	out := s.numberedEntries(kind)
	if s.entryCache == nil {
		s.entryCache = map[string][]NumberedEntry{}
	}
	s.entryCache[kind.Section] = out
	return out
}

func (s *Story) numberedEntries(kind lifecycle.EntryKind) []NumberedEntry {
	if s.Body == nil {
		return nil
	}
	sec := s.Body.Section(kind.Section)
	if sec == nil {
		return nil
	}
	entries := sec.Entries()
	out := make([]NumberedEntry, 0, len(entries))
	for _, e := range entries {
		ne := NumberedEntry{Entry: e, Kind: kind}
		if rest, found := cutPrefixFold(e.Heading.Text, kind.Prefix); found {
			ne.Number, ne.OK = entryNumber(rest)
		}
		out = append(out, ne)
	}
	return out
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// EntryKindOf returns the entry kind of the named section.
func EntryKindOf(section string) (lifecycle.EntryKind, bool) {
	for _, k := range lifecycle.EntryKinds {
		if k.Section == section {
			return k, true
		}
	}
	return lifecycle.EntryKind{}, false
}

// MustEntries returns the entries of the named role section.
func (s *Story) MustEntries(section string) []NumberedEntry {
	k, _ := EntryKindOf(section)
	return s.Entries(k)
}

// Decision is a parsed Human Decision entry.
type Decision struct {
	NumberedEntry
	Decision, AtState, Binding Field
}

// Binds reports whether the decision passes a gate: every decision but one
// marked **Binding:** false, which advises and decides nothing. A missing
// or malformed Binding field is entry/format's finding, not a veto.
func (d Decision) Binds() bool { return Token(d.Binding.Value) != "false" }

// Advised reports whether a non-binding decision records event at state:
// advice that passes no gate, which a refusal should name.
func (s *Story) Advised(event lifecycle.Event, state lifecycle.State) bool {
	for _, d := range s.Decisions() {
		if !d.Binds() && d.Records(event, state) {
			return true
		}
	}
	return false
}

// Records reports whether the decision is for event at state.
func (d Decision) Records(event lifecycle.Event, state lifecycle.State) bool {
	return d.DecidedEvent() == event && d.GateState() == state
}

// Decisions returns the Human Decision entries, parsed once per story. The
// slice is shared: callers must not modify it.
func (s *Story) Decisions() []Decision {
	s.decisionsOnce.Do(func() { s.decisions = s.parseDecisions() })
	return s.decisions
}

func (s *Story) parseDecisions() []Decision {
	entries := s.MustEntries(lifecycle.SectionDecisions)
	out := make([]Decision, 0, len(entries))
	for _, e := range entries {
		d := Decision{NumberedEntry: e}
		d.Decision, _ = e.Field("Decision")
		d.AtState, _ = e.Field("At state")
		d.Binding, _ = e.Field("Binding")
		out = append(out, d)
	}
	return out
}

// Text returns lines from..to of the file joined, with trailing blank lines
// and trailing white space removed: the canonical form for comparisons.
func (s *Story) Text(from, to int) string {
	var b strings.Builder
	for n := from; n <= to; n++ {
		b.WriteString(strings.TrimRight(s.Line(n), " \t"))
		b.WriteByte('\n')
	}
	return strings.TrimRight(b.String(), "\n")
}

// SameText reports whether s.Text(from, to) equals o.Text(oFrom, oTo).
// Identical bytes give identical text, so the common case (a range the
// change left alone) is answered without building either string.
func (s *Story) SameText(from, to int, o *Story, oFrom, oTo int) bool {
	if a, ok := s.rawLines(from, to); ok {
		if b, ok := o.rawLines(oFrom, oTo); ok && bytes.Equal(a, b) {
			return true
		}
	}
	return s.Text(from, to) == o.Text(oFrom, oTo)
}

// rawLines returns the bytes of lines from..to with their line endings;
// ok is false when the story keeps no line index (a slim one) or the range
// starts before line 1 (Text counts such a line, the bytes cannot).
func (s *Story) rawLines(from, to int) ([]byte, bool) {
	if s.lines == nil || from < 1 {
		return nil, false
	}
	if from > to {
		return nil, true
	}
	return s.lines.src[s.lines.start(from):s.lines.start(to+1)], true
}

// SameSectionAs reports whether s and o both have the section named name
// with the same text (SameSectionText): then it splits into the same
// entries, each the same, and a comparison of its entries has nothing to
// find. A story without a body (a slim one) answers false.
func (s *Story) SameSectionAs(o *Story, name string) bool {
	if s == nil || o == nil || s.Body == nil || o.Body == nil {
		return false
	}
	sec, oSec := s.Body.Section(name), o.Body.Section(name)
	return sec != nil && oSec != nil && s.SameSectionText(sec, o, oSec)
}

// SameSectionText reports whether s.SectionText(sec) equals
// o.SectionText(oSec), comparing bytes first as SameText does.
func (s *Story) SameSectionText(sec *Section, o *Story, oSec *Section) bool {
	if a, ok := s.rawLines(sec.Heading.Pos.Line+1, sec.EndLine); ok {
		if b, ok := o.rawLines(oSec.Heading.Pos.Line+1, oSec.EndLine); ok && bytes.Equal(a, b) {
			return true
		}
	}
	return s.SectionText(sec) == o.SectionText(oSec)
}

// SameEntryText reports whether s.EntryText(e) equals o.EntryText(oe),
// comparing bytes first as SameText does.
func (s *Story) SameEntryText(e *Entry, o *Story, oe *Entry) bool {
	return s.SameText(e.Heading.Pos.Line, e.EndLine, o, oe.Heading.Pos.Line, oe.EndLine)
}

// SectionText returns the canonical text of a section's content (without its heading).
func (s *Story) SectionText(sec *Section) string {
	return strings.TrimSpace(s.Text(sec.Heading.Pos.Line+1, sec.EndLine))
}

// EntryText returns the canonical text of an entry including its heading.
func (s *Story) EntryText(e *Entry) string {
	return s.Text(e.Heading.Pos.Line, e.EndLine)
}
