package story

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/linebreak"
)

// Editor collects in-place edits to a story and applies them so that every
// byte outside the edited spans stays exactly as it was.
type Editor struct {
	s     *Story
	edits []edit
	// eol is the file's line ending, which every inserted line ends with.
	eol string
	// scalars remembers what SetScalar wrote, so Result can read it back.
	scalars map[string]string
}

type edit struct {
	start, end int
	text       string
}

// Edit starts an editor on s.
func (s *Story) Edit() *Editor {
	return &Editor{s: s, scalars: map[string]string{}, eol: lineEnding(s.Src)}
}

// lineEnding returns the line ending of src's first line ("\r\n", a lone
// "\r" or "\n"); "\n" when it has none.
func lineEnding(src []byte) string {
	switch i := bytes.IndexAny(src, "\r\n"); {
	case i < 0 || src[i] == '\n':
		return "\n"
	case i+1 < len(src) && src[i+1] == '\n':
		return "\r\n"
	}
	return "\r"
}

// withEOL gives every line break of text the file's line ending.
func (e *Editor) withEOL(text string) string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if e.eol == "\n" {
		return text
	}
	return strings.ReplaceAll(text, "\n", e.eol)
}

// Result applies the edits and re-parses the file, refusing a result in
// which a value set with SetScalar does not read back (exotic YAML layouts
// the in-place writer cannot edit safely).
func (e *Editor) Result() ([]byte, error) {
	out := e.Bytes()
	again := Parse(e.s.Path, out)
	if again.Front == nil {
		return nil, fmt.Errorf("edit %s: the edited frontmatter no longer parses; edit this story by hand", e.s.Path)
	}
	for key, want := range e.scalars {
		if kv, ok := again.Front.Keys[key]; !ok || kv.Value.Value != want {
			return nil, fmt.Errorf("edit %s: %s did not read back as %q after the edit; edit this story by hand", e.s.Path, key, want)
		}
	}
	return out, nil
}

// Bytes applies the edits and returns the new file content.
func (e *Editor) Bytes() []byte {
	sort.SliceStable(e.edits, func(i, j int) bool { return e.edits[i].start < e.edits[j].start })
	var b strings.Builder
	prev := 0
	for _, ed := range e.edits {
		b.Write(e.s.Src[prev:ed.start])
		b.WriteString(ed.text)
		prev = ed.end
	}
	b.Write(e.s.Src[prev:])
	return []byte(b.String())
}

// SetScalar replaces a top-level frontmatter scalar's value, keeping its
// quoting style and any trailing comment, or inserts `key: value` before the
// closing --- when the key is absent.
func (e *Editor) SetScalar(key, value string) error {
	fm := e.s.Front
	if fm == nil {
		return fmt.Errorf("set %s: the story has no readable frontmatter", key)
	}
	flow := fm.Root.Style&yaml.FlowStyle != 0
	kv, ok := fm.Keys[key]
	if !ok && flow {
		return fmt.Errorf("set %s: the frontmatter is a flow mapping ({...}) without the key", key)
	}
	if !ok {
		e.insertKey(key, value)
		return nil
	}
	start, end, err := e.valueSpan(kv.Value, flow)
	if err != nil {
		return fmt.Errorf("set %s: %w", key, err)
	}
	text := formatScalar(value, kv.Value.Style)
	if start > 0 && e.s.Src[start-1] == ':' {
		text = " " + text // an empty value sits right after the colon
	}
	e.scalars[key] = value
	e.edits = append(e.edits, edit{start, end, text})
	return nil
}

// valueSpan returns the byte range of a one-line scalar's token.
func (e *Editor) valueSpan(n *yaml.Node, flow bool) (start, end int, err error) {
	if n.Kind != yaml.ScalarNode || strings.Contains(n.Value, "\n") {
		return 0, 0, fmt.Errorf("the current value is not a one-line scalar")
	}
	start = e.offsetOf(e.s.Front.pos(n))
	size, ok := tokenLength(e.s.Src[start:], n.Style, flow)
	plain := n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0
	if !ok || plain && string(e.s.Src[start:start+size]) != n.Value {
		return 0, 0, fmt.Errorf("the current value is not written on one line")
	}
	return start, start + size, nil
}

// insertKey inserts `key: value` as the last line of the frontmatter.
func (e *Editor) insertKey(key, value string) {
	fm := e.s.Front
	at := e.s.lines.start(fm.EndLine)
	indent := ""
	if len(fm.Root.Content) > 0 {
		indent = strings.Repeat(" ", fm.Root.Content[0].Column-1)
	}
	e.scalars[key] = value
	e.edits = append(e.edits, edit{at, at, indent + key + ": " + formatScalar(value, 0) + e.eol})
}

// offsetOf converts a line and character column into a byte offset.
func (e *Editor) offsetOf(p Pos) int {
	off := e.s.lines.start(p.Line)
	for col := 1; col < p.Column && off < len(e.s.Src); col++ {
		_, size := utf8.DecodeRune(e.s.Src[off:])
		off += size
	}
	return off
}

// tokenLength measures the scalar token at the start of src, which must
// end on its line; ok is false when a quoted token does not close there. A
// plain token ends before a comment (a # after a space or tab, or at the
// token's start, where YAML put white space before it), before trailing
// white space and, inside a flow mapping, at a flow indicator.
func tokenLength(src []byte, style yaml.Style, flow bool) (n int, ok bool) {
	line := src
	if i := bytes.IndexAny(line, "\r\n"); i >= 0 {
		line = line[:i]
	}
	switch {
	case style&yaml.DoubleQuotedStyle != 0:
		return closingQuote(line, '"')
	case style&yaml.SingleQuotedStyle != 0:
		return closingQuote(line, '\'')
	}
	return plainLength(line, flow), true
}

// closingQuote returns the length of the quoted token at the start of line
// up to its closing quote q, skipping escapes: a backslash pair in double
// quotes, a doubled quote in single quotes.
func closingQuote(line []byte, q byte) (int, bool) {
	for i := 1; i < len(line); i++ {
		switch {
		case q == '"' && line[i] == '\\':
			i++
		case q == '\'' && line[i] == q && i+1 < len(line) && line[i+1] == q:
			i++
		case line[i] == q:
			return i + 1, true
		}
	}
	return 0, false
}

// plainLength returns the length of the plain token at the start of line.
func plainLength(line []byte, flow bool) int {
	end := len(line)
	for i, c := range line {
		comment := c == '#' && (i == 0 || isYAMLSpace(line[i-1]))
		if comment || flow && strings.IndexByte(",[]{}", c) >= 0 {
			end = i
			break
		}
	}
	return len(bytes.TrimRight(line[:end], " \t\r"))
}

// isYAMLSpace reports whether c is YAML white space: a space or a tab.
func isYAMLSpace(c byte) bool { return c == ' ' || c == '\t' }

var plainSafe = regexp.MustCompile(`^[A-Za-z0-9_./][A-Za-z0-9_./:+ -]*[A-Za-z0-9_./]$|^[A-Za-z0-9_]$`)

// formatScalar renders value in the original style, quoting a plain value
// that YAML would otherwise misread.
func formatScalar(value string, style yaml.Style) string {
	switch {
	case style&yaml.DoubleQuotedStyle != 0:
		return doubleQuote(value)
	case style&yaml.SingleQuotedStyle != 0:
		return "'" + strings.ReplaceAll(value, "'", "''") + "'"
	case plainSafe.MatchString(value) && !strings.Contains(value, ": "):
		return value
	}
	return doubleQuote(value)
}

func doubleQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`)
	return `"` + r.Replace(s) + `"`
}

// AppendLogRow appends a row to the Transition Log table, creating the
// table when the section has none. Each cell is written on one line (see
// OneLine) with its pipes escaped, and must read back as one cell holding
// exactly that line: the last cell (the note) always does; an earlier one
// with a backtick run that a later cell closes is refused.
func (e *Editor) AppendLogRow(cells []string) error {
	sec := e.section("Transition Log")
	if sec == nil {
		return fmt.Errorf("append log row: the story has no \"## Transition Log\" section")
	}
	row, err := tableRow(cells)
	if err != nil {
		return fmt.Errorf("append log row: %w", err)
	}
	for _, blk := range sec.Blocks {
		if blk.Kind == BlockTable {
			e.insertAfterLine(blk.EndLine, e.withEOL(row))
			return nil
		}
	}
	header, _ := tableRow(LogColumns)
	e.insertAfterLine(sec.Heading.Pos.Line, e.withEOL(header+"|"+strings.Repeat("---|", len(LogColumns))+"\n"+row))
	return nil
}

// tableRow renders cells as a table row ending in "\n", checking that it
// reads back as those cells.
func tableRow(cells []string) (string, error) {
	clean := make([]string, len(cells))
	esc := make([]string, len(cells))
	for i, c := range cells {
		clean[i] = OneLine(c)
		esc[i] = escapeCell(clean[i])
	}
	row := "| " + strings.Join(esc, " | ") + " |"
	if err := readsBack(row, clean); err != nil {
		return "", err
	}
	return row + "\n", nil
}

// readsBack checks that the table parser reads row as exactly cells.
func readsBack(row string, cells []string) error {
	var arena []Cell
	got := parseRow(Line{Text: row}, &arena).Cells
	for i, want := range cells {
		if len(got) != len(cells) || got[i].Text != want {
			return fmt.Errorf("cell %q would not read back as one table cell", want)
		}
	}
	return nil
}

// escapeCell escapes the pipes of one line of text so that it reads back as
// one table cell with exactly that text: a backslash goes before each pipe,
// and nothing else changes. A pipe after a backslash never splits a cell (as
// in GFM), and a code span cannot hide the closing pipe of a row's last cell
// (a backtick run opens a code span only when a later run as long closes
// it), so backslashes and backticks are written as they are.
func escapeCell(line string) string { return strings.ReplaceAll(line, "|", `\|`) }

// OneLine returns text as one line: each control character (C0 and C1,
// including CR, ESC and DEL), line or paragraph separator and other white
// space becomes a space, runs of spaces collapse to one and the ends are
// trimmed. Invalid UTF-8 becomes U+FFFD.
func OneLine(text string) string {
	clean := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.IsSpace(r) {
			return ' '
		}
		return r
	}, text)
	return strings.Join(strings.Fields(clean), " ")
}

// AppendEntry appends text (a `###` entry) at the end of a section, after its
// last non-blank line and separated by one blank line.
func (e *Editor) AppendEntry(section, text string) error {
	sec := e.section(section)
	if sec == nil {
		return fmt.Errorf("append entry: the story has no \"## %s\" section", section)
	}
	last := sec.Heading.Pos.Line
	for n := sec.EndLine; n > sec.Heading.Pos.Line; n-- {
		if strings.TrimSpace(e.s.Line(n)) != "" {
			last = n
			break
		}
	}
	text = "\n" + strings.TrimRight(text, "\r\n") + "\n"
	if last < e.s.LineCount() && strings.TrimSpace(e.s.Line(last+1)) != "" {
		text += "\n"
	}
	e.insertAfterLine(last, e.withEOL(text))
	return nil
}

func (e *Editor) section(name string) *Section {
	if e.s.Body == nil {
		return nil
	}
	return e.s.Body.Section(name)
}

// insertAfterLine inserts text at the start of the line after line n,
// adding the missing newline when line n ends the file without one.
func (e *Editor) insertAfterLine(n int, text string) {
	at := e.s.lines.start(n + 1)
	if n >= e.s.LineCount() {
		at = len(e.s.Src)
		if at > 0 && linebreak.EndingLen(bytesAsString(e.s.Src[at-1:])) == 0 {
			text = e.eol + text
		}
	}
	e.edits = append(e.edits, edit{at, at, text})
}

// SetFieldValue replaces the value of a section field (`**Key:** value`)
// with value, one line, up to the end of the field's line.
func (e *Editor) SetFieldValue(f Field, value string) error {
	if strings.ContainsAny(value, "\r\n") {
		return fmt.Errorf("set %s: the value spans lines", f.Key)
	}
	if f.ValuePos.Line < 1 || f.ValuePos.Column < 1 {
		return fmt.Errorf("set %s: the field has no position", f.Key)
	}
	start := e.s.lines.start(f.ValuePos.Line) + f.ValuePos.Column - 1
	if start > len(e.s.Src) {
		return fmt.Errorf("set %s: the field lies past the end of the file", f.Key)
	}
	end := start
	if i := bytes.IndexAny(e.s.Src[start:], "\r\n"); i >= 0 {
		end += i
	} else {
		end = len(e.s.Src)
	}
	e.edits = append(e.edits, edit{start: start, end: end, text: value})
	return nil
}
