package story

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Scalar is a string-valued field.
type Scalar struct {
	Value string
	Pos   Pos
	// Set is true when the field holds a usable value.
	Set bool
	// Null is true when the key is present with no value: null, or a
	// string that is empty or only white space.
	Null bool
}

// Int is an integer field.
type Int struct {
	Value int
	Pos   Pos
	Set   bool
	Null  bool
}

// Time is a timestamp field, accepted quoted or unquoted.
type Time struct {
	Value time.Time
	Raw   string
	Pos   Pos
	Set   bool
	Null  bool
}

// StringList is a list of strings.
type StringList struct {
	Items []Scalar
	Pos   Pos
	Set   bool
	Null  bool
}

// Values returns the items' values.
func (l StringList) Values() []string {
	out := make([]string, len(l.Items))
	for i, it := range l.Items {
		out[i] = it.Value
	}
	return out
}

// Scope is the scope map: write, read and exclude path lists.
type Scope struct {
	Pos                  Pos
	Set, Null            bool
	Write, Read, Exclude StringList
	HasWrite, HasRead    bool
	HasExclude           bool
}

// Criterion is one acceptance criterion.
type Criterion struct {
	ID, Text Scalar
	Pos      Pos
}

// Criteria is the acceptance_criteria list.
type Criteria struct {
	Items []Criterion
	Pos   Pos
	Set   bool
	Null  bool
}

// Check is one verification item.
type Check struct {
	ID, Command, PassWhen Scalar
	// WorkingDir is the directory the command runs in, relative to the
	// repository root (docs/verify.md); unset means the root.
	WorkingDir Scalar
	Pos        Pos
}

// Checks is the verification list.
type Checks struct {
	Items []Check
	Pos   Pos
	Set   bool
	Null  bool
}

// TimeLayouts are the timestamp forms accepted in frontmatter and logs: RFC
// 3339 and the forms stories write, then every form yaml.v3 resolves as a
// !!timestamp (its allowedTimestampFormats: one-digit fields, a lower-case
// t), so a value YAML calls a timestamp is never refused as one.
var TimeLayouts = []string{
	time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05Z07:00", "2006-01-02 15:04:05",
	"2006-01-02T15:04Z07:00", "2006-01-02T15:04", "2006-01-02 15:04Z07:00", "2006-01-02 15:04", "2006-01-02 15:04 MST", "2006-01-02",
	"2006-1-2T15:4:5.999999999Z07:00", "2006-1-2t15:4:5.999999999Z07:00", "2006-1-2 15:4:5.999999999", "2006-1-2",
}

// ParseTime parses a timestamp in any of TimeLayouts. The two common forms
// (RFC 3339 and "YYYY-MM-DD HH:MM") are tried first, so a valid story costs
// one parse per timestamp.
func ParseTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if len(s) < len("2006-1-2") || s[4] != '-' {
		return time.Time{}, false // not a date: skip the layouts and their errors
	}
	if strings.HasSuffix(s, "z") { // RFC 3339 allows a lower-case Z; Go's layouts do not
		s = s[:len(s)-1] + "Z"
	}
	if t, ok := fastTime(s); ok {
		return t, true
	}
	if first := likelyLayout(s); first != "" {
		if t, err := time.Parse(first, s); err == nil {
			return t, true
		}
	}
	for _, layout := range TimeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// fastTime reads the two forms stories use most, "2006-01-02 15:04" and
// "2006-01-02T15:04:05Z" (or with a lower-case t), without time.Parse; anything else, including an
// impossible date, is left to the layouts.
func fastTime(s string) (time.Time, bool) {
	sec := 0
	switch {
	case s[7] != '-':
		return time.Time{}, false
	case len(s) == 16 && s[10] == ' ' && s[13] == ':':
	case len(s) == 20 && (s[10] == 'T' || s[10] == 't') && s[13] == ':' && s[16] == ':' && s[19] == 'Z':
		sec = twoDigits(s[17:19])
	default:
		return time.Time{}, false
	}
	y := twoDigits(s[0:2])*100 + twoDigits(s[2:4])
	mo, d, h, mi := twoDigits(s[5:7]), twoDigits(s[8:10]), twoDigits(s[11:13]), twoDigits(s[14:16])
	if y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(mo), d, h, mi, sec, 0, time.UTC)
	return t, t.Day() == d // a normalised date (February 30) is not a date
}

// twoDigits parses two ASCII digits, or returns -1000 (making any sum negative).
func twoDigits(s string) int {
	if len(s) != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return -1000
	}
	return int(s[0]-'0')*10 + int(s[1]-'0')
}

func likelyLayout(s string) string {
	switch {
	case len(s) == len("2006-01-02 15:04") && s[10] == ' ':
		return "2006-01-02 15:04"
	case len(s) >= len("2006-01-02T15:04:05Z") && s[10] == 'T':
		return time.RFC3339Nano
	}
	return ""
}

func (fm *Frontmatter) decodeFields() {
	for _, f := range []struct {
		name string
		dst  *Scalar
	}{{"schema", &fm.Schema}, {"id", &fm.ID}, {"title", &fm.Title}, {"state", &fm.State}, {"active_role", &fm.ActiveRole},
		{"kind", &fm.Kind}, {"priority", &fm.Priority}, {"parent", &fm.Parent}, {"pending_gate", &fm.PendingGate},
		{"escalation_reason", &fm.EscalationReason}, {"blocked_reason", &fm.BlockedReason}} {
		*f.dst = fm.scalar(f.name, fm.Keys[f.name].Value)
	}
	fm.Iteration = fm.integer("iteration", fm.Keys["iteration"].Value)
	fm.MaxIterations = fm.integer("max_iterations", fm.Keys["max_iterations"].Value)
	fm.ContractVersion = fm.integer("current_contract_version", fm.Keys["current_contract_version"].Value)
	fm.CreatedAt = fm.timestamp("created_at", fm.Keys["created_at"].Value)
	fm.UpdatedAt = fm.timestamp("updated_at", fm.Keys["updated_at"].Value)
	fm.Tags = fm.stringList("tags", fm.Keys["tags"].Value)
	fm.DependsOn = fm.stringList("depends_on", fm.Keys["depends_on"].Value)
	fm.DependentStories = fm.stringList("dependent_stories", fm.Keys["dependent_stories"].Value)
	fm.decodeScope()
	fm.decodeAcceptance()
	fm.decodeVerification()
}

func (fm *Frontmatter) typeError(field string, n *yaml.Node, want string) {
	fm.TypeErrors = append(fm.TypeErrors, FieldError{Field: field, Pos: fm.pos(n),
		Message: fmt.Sprintf("field %q must be %s, found %s", field, want, kindName(n))})
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// Blank reports whether n is a string that is empty or only white space
// (`title: ""`): a field written so holds no value, like a null one.
func Blank(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Tag == "!!str" && strings.TrimSpace(n.Value) == ""
}

// NoValue reports whether a field's value node is null or Blank.
func NoValue(n *yaml.Node) bool { return isNull(n) || Blank(n) }

// scalar decodes a string field. Any YAML scalar is accepted as its text
// (a title of 2026 is a string to the author); lists and maps are refused.
// A blank string is no value, as null is.
func (fm *Frontmatter) scalar(field string, n *yaml.Node) Scalar {
	if n != nil && Blank(n) {
		return Scalar{Pos: fm.pos(n), Null: true}
	}
	return fm.listScalar(field, n)
}

// listScalar decodes a string item of a list: like scalar, but a blank
// string is kept as the item's value, for the rules about items to judge.
func (fm *Frontmatter) listScalar(field string, n *yaml.Node) Scalar {
	if n == nil {
		return Scalar{}
	}
	out := Scalar{Pos: fm.pos(n)}
	switch {
	case isNull(n):
		out.Null = true
	case n.Kind == yaml.ScalarNode:
		out.Value, out.Set = n.Value, true
	default:
		fm.typeError(field, n, "a string")
	}
	return out
}

func (fm *Frontmatter) integer(field string, n *yaml.Node) Int {
	if n == nil {
		return Int{}
	}
	out := Int{Pos: fm.pos(n)}
	if NoValue(n) {
		out.Null = true
		return out
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!int" {
		if v, err := strconv.ParseInt(n.Value, 0, 64); err == nil && v >= -1<<31 && v < 1<<31 {
			out.Value, out.Set = int(v), true
			return out
		}
	}
	fm.typeError(field, n, "an integer")
	return out
}

func (fm *Frontmatter) timestamp(field string, n *yaml.Node) Time {
	if n == nil {
		return Time{}
	}
	out := Time{Pos: fm.pos(n), Raw: n.Value}
	if NoValue(n) {
		out.Null = true
		return out
	}
	if n.Kind == yaml.ScalarNode && (n.Tag == "!!timestamp" || n.Tag == "!!str") {
		if t, ok := ParseTime(n.Value); ok {
			out.Value, out.Set = t, true
			return out
		}
	}
	fm.typeError(field, n, "a timestamp such as 2026-05-27T00:00:00Z")
	return out
}

func (fm *Frontmatter) stringList(field string, n *yaml.Node) StringList {
	if n == nil {
		return StringList{}
	}
	out := StringList{Pos: fm.pos(n)}
	if NoValue(n) {
		out.Null = true
		return out
	}
	if n.Kind != yaml.SequenceNode {
		fm.typeError(field, n, "a list of strings")
		return out
	}
	out.Set = true
	for i, item := range n.Content {
		name := fmt.Sprintf("%s[%d]", field, i)
		if sc := fm.listScalar(name, item); sc.Set {
			out.Items = append(out.Items, sc)
		} else if sc.Null {
			fm.typeError(name, item, "a string")
		}
	}
	return out
}
