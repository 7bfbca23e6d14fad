// Package diag defines the one diagnostic type every storygate check reports,
// its severities, and the canonical ordering printers rely on.
package diag

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Severity ranks how serious a finding is. The zero value is SeverityError so
// that a rule which forgets to set one fails closed.
type Severity int

// The severities, from most to least serious.
const (
	SeverityError Severity = iota
	SeverityWarning
	SeverityNotice
)

var severityNames = [...]string{"error", "warning", "notice"}

// String returns the lower-case name used in every output format.
func (s Severity) String() string {
	if s < 0 || int(s) >= len(severityNames) {
		return fmt.Sprintf("severity(%d)", int(s))
	}
	return severityNames[s]
}

// ParseSeverity turns "error", "warning" or "notice" into a Severity.
func ParseSeverity(name string) (Severity, error) {
	for i, n := range severityNames {
		if strings.EqualFold(name, n) {
			return Severity(i), nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q (legal: error, warning, notice)", name)
}

// MarshalJSON encodes the severity as its name.
func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON decodes a severity name.
func (s *Severity) UnmarshalJSON(b []byte) error {
	var name string
	if err := json.Unmarshal(b, &name); err != nil {
		return fmt.Errorf("severity: %w", err)
	}
	v, err := ParseSeverity(name)
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Pos is a 1-based line and column in a file. The zero Pos means "the file as
// a whole" and prints as line 1, column 1.
type Pos struct {
	Line   int
	Column int
}

// Diagnostic is one finding: which rule, how serious, where, and what.
type Diagnostic struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Message  string   `json:"message"`
}

// New builds a diagnostic at pos, normalising an unknown position to 1:1.
func New(rule string, sev Severity, file string, pos Pos, format string, args ...any) Diagnostic {
	line, col := pos.Line, pos.Column
	if line < 1 {
		line = 1
	}
	if col < 1 {
		col = 1
	}
	return Diagnostic{Rule: rule, Severity: sev, File: file, Line: line, Column: col, Message: fmt.Sprintf(format, args...)}
}

// String prints the diagnostic the way compilers do: file:line:col: message [rule].
func (d Diagnostic) String() string {
	return fmt.Sprintf("%s:%d:%d: %s [%s]", oneLine(d.File), d.Line, d.Column, oneLine(d.Message), d.Rule)
}

// oneLine escapes line breaks and other control characters (a file name
// may hold them), so one finding stays one line of text output.
func oneLine(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) {
			q := strconv.QuoteRune(r) // a quoted escape such as the two characters \n
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Less orders diagnostics by file, line, column, rule, then message.
func Less(a, b Diagnostic) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Column != b.Column {
		return a.Column < b.Column
	}
	if a.Rule != b.Rule {
		return a.Rule < b.Rule
	}
	return a.Message < b.Message
}

// Sort orders ds in place by file, line, column and rule.
func Sort(ds []Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool { return Less(ds[i], ds[j]) })
}

// Counts tallies diagnostics by severity.
type Counts struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Notices  int `json:"notices"`
}

// Count tallies ds by severity.
func Count(ds []Diagnostic) Counts {
	var c Counts
	for _, d := range ds {
		switch d.Severity {
		case SeverityError:
			c.Errors++
		case SeverityWarning:
			c.Warnings++
		default:
			c.Notices++
		}
	}
	return c
}

// FileCount is the number of distinct files ds are on.
func FileCount(ds []Diagnostic) int {
	files := map[string]bool{}
	for _, d := range ds {
		files[d.File] = true
	}
	return len(files)
}
