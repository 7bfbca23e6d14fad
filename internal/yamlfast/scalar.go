package yamlfast

import (
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// plain decodes the plain scalar s[from:to] of ln.
func (d *decoder) plain(ln line, from, to int) (*yaml.Node, bool) {
	v := d.s[from:to]
	if !plainStart(v[0]) || strings.Contains(v, ": ") || v[len(v)-1] == ':' {
		return nil, false
	}
	tag, ok := resolve(v)
	if !ok {
		return nil, false
	}
	return d.node(yaml.ScalarNode, tag, v, ln.num, from-ln.lineStart+1), true
}

// quoted decodes a one-line quoted scalar without escapes that ends ln.
func (d *decoder) quoted(ln line, p int) (*yaml.Node, bool) {
	q := d.s[p]
	end := p + 1
	for end < ln.end && d.s[end] != q && d.s[end] != '\\' {
		end++
	}
	if end != ln.end-1 || d.s[end] != q {
		return nil, false
	}
	n := d.node(yaml.ScalarNode, "!!str", d.s[p+1:end], ln.num, p-ln.lineStart+1)
	n.Style = yaml.DoubleQuotedStyle
	if q == '\'' {
		n.Style = yaml.SingleQuotedStyle
	}
	return n, true
}

// flow decodes a one-line flow sequence of plain scalars that ends ln.
func (d *decoder) flow(ln line, p int) (*yaml.Node, bool) {
	if d.s[ln.end-1] != ']' {
		return nil, false
	}
	seq := d.node(yaml.SequenceNode, "!!seq", "", ln.num, p-ln.lineStart+1)
	seq.Style = yaml.FlowStyle
	if strings.Trim(d.s[p+1:ln.end-1], " ") == "" {
		return seq, true
	}
	mark := len(d.stack)
	for from := p + 1; from < ln.end; {
		to := from
		for to < ln.end-1 && d.s[to] != ',' {
			to++
		}
		item, ok := d.flowItem(ln, from, to)
		if !ok {
			return nil, false
		}
		d.stack = append(d.stack, item)
		from = to + 1
	}
	seq.Content = d.children(mark)
	return seq, true
}

// flowItem decodes the plain scalar between from and to, trimming spaces.
// yaml.v3 ends a plain scalar in a flow sequence at '?' as at ',' and the
// brackets (a mapping key's indicator there), so an item holding one is
// left to it, as one holding a comment's '#' is.
func (d *decoder) flowItem(ln line, from, to int) (*yaml.Node, bool) {
	for from < to && d.s[from] == ' ' {
		from++
	}
	for to > from && d.s[to-1] == ' ' {
		to--
	}
	if from == to || strings.ContainsAny(d.s[from:to], "[]{}:'\"?#") {
		return nil, false
	}
	return d.plain(ln, from, to)
}

// plainStart reports whether a plain scalar on the fast path may begin with
// c: letters, digits and a few characters YAML gives no meaning there.
func plainStart(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '/' || c == '_' || c == '.' || c == '~' || c == '$' || c == '('
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// specials are the plain scalars yaml.v3 resolves by name.
var specials = map[string]string{
	"true": "!!bool", "True": "!!bool", "TRUE": "!!bool",
	"false": "!!bool", "False": "!!bool", "FALSE": "!!bool",
	"~": "!!null", "null": "!!null", "Null": "!!null", "NULL": "!!null",
}

// resolve returns the tag yaml.v3 gives the plain scalar v, for the forms
// the fast path decides with certainty: strings, decimal integers and
// timestamps. Anything else (floats, octal, hex, ".inf", …) is refused.
func resolve(v string) (string, bool) {
	switch c := v[0]; {
	case isDigit(c):
		return resolveNumeric(v)
	case c == '.':
		if _, err := strconv.ParseFloat(v, 64); err == nil || strings.HasPrefix(strings.ToLower(v), ".inf") || strings.HasPrefix(strings.ToLower(v), ".nan") {
			return "", false
		}
	case strings.IndexByte("yYnNtTfFoO~", c) >= 0:
		if tag, ok := specials[v]; ok {
			return tag, true
		}
	}
	return "!!str", true
}

// resolveNumeric handles plain scalars that start with a digit.
func resolveNumeric(v string) (string, bool) {
	if allDigits(v) && len(v) <= 18 && (len(v) == 1 || v[0] != '0') {
		return "!!int", true
	}
	if isTimestamp(v) {
		return "!!timestamp", true
	}
	return "", false
}

func allDigits(v string) bool {
	for i := 0; i < len(v); i++ {
		if !isDigit(v[i]) {
			return false
		}
	}
	return true
}

// timestampFormats are yaml.v3's allowedTimestampFormats.
var timestampFormats = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

// isTimestamp is yaml.v3's parseTimestamp test: four digits, a dash, and
// one of its formats.
func isTimestamp(v string) bool {
	if len(v) < 5 || !allDigits(v[:4]) || v[4] != '-' {
		return false
	}
	for _, f := range timestampFormats {
		if _, err := time.Parse(f, v); err == nil {
			return true
		}
	}
	return false
}
