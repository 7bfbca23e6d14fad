// Package records is storygate's declarative record-check engine. It loads
// JSON and YAML records with positions, runs suites of checks written in the
// atomic-step-contract pack's rule language over them, validates records
// against the pack's templates as JSON Schemas, and holds the arithmetic and
// patch rules of the pack's acceptance checks. Every verdict is computed from
// the record; a record's own account of itself is never trusted.
package records

import (
	"math/big"

	"github.com/storygate/storygate/internal/diag"
)

// Kind is the type of a record value.
type Kind int

// The kinds of record values, mirroring JSON.
const (
	KindNull Kind = iota
	KindBool
	KindNumber
	KindString
	KindList
	KindMap
)

var kindNames = [...]string{"null", "boolean", "number", "string", "list", "mapping"}

// String names the kind the way messages print it.
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "unknown"
	}
	return kindNames[k]
}

// Value is one node of a record, with the position of its first character.
type Value struct {
	Kind Kind
	// Str holds a string's text, or a number's canonical literal.
	Str string
	// Bool holds a boolean.
	Bool bool
	// Num holds a number exactly.
	Num *big.Rat
	// Items holds a list's elements.
	Items []*Value
	// Fields holds a mapping's entries in document order.
	Fields []Field
	// Pos is where the value starts in its file.
	Pos diag.Pos
}

// Field is one mapping entry.
type Field struct {
	Key    string
	KeyPos diag.Pos
	Value  *Value
}

// Get returns the value under key in a mapping, or nil.
func (v *Value) Get(key string) *Value {
	if v == nil || v.Kind != KindMap {
		return nil
	}
	for _, f := range v.Fields {
		if f.Key == key {
			return f.Value
		}
	}
	return nil
}

// IsEmpty reports whether v is absent, null, a blank string, or an empty list
// or mapping: the opposite of the pack's "present".
func (v *Value) IsEmpty() bool {
	if v == nil {
		return true
	}
	switch v.Kind {
	case KindNull:
		return true
	case KindString:
		return isBlank(v.Str)
	case KindList:
		return len(v.Items) == 0
	case KindMap:
		return len(v.Fields) == 0
	}
	return false
}

func isBlank(s string) bool {
	for _, r := range s {
		if !isSpace(r) {
			return false
		}
	}
	return true
}

func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f', 0x85, 0xA0, 0x2028, 0x2029, 0x3000, 0xFEFF:
		return true
	}
	return false
}

// Equal reports whether a and b hold the same data: numbers compare by
// value (1 equals 1.0), everything else by kind and content.
func Equal(a, b *Value) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case KindNull:
		return true
	case KindBool:
		return a.Bool == b.Bool
	case KindNumber:
		return a.Num.Cmp(b.Num) == 0
	case KindString:
		return a.Str == b.Str
	case KindList:
		return equalLists(a.Items, b.Items)
	}
	return equalMaps(a, b)
}

func equalLists(a, b []*Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

func equalMaps(a, b *Value) bool {
	if len(a.Fields) != len(b.Fields) {
		return false
	}
	for _, f := range a.Fields {
		if !Equal(f.Value, b.Get(f.Key)) {
			return false
		}
	}
	return true
}

// Interface converts v to the plain Go data a JSON decoder would produce,
// numbers as json.Number-compatible *big.Rat-free strings via Number.
func (v *Value) Interface() any {
	switch v.Kind {
	case KindBool:
		return v.Bool
	case KindNumber:
		return jsonNumber(v)
	case KindString:
		return v.Str
	case KindList:
		out := make([]any, len(v.Items))
		for i, it := range v.Items {
			out[i] = it.Interface()
		}
		return out
	case KindMap:
		out := make(map[string]any, len(v.Fields))
		for _, f := range v.Fields {
			out[f.Key] = f.Value.Interface()
		}
		return out
	}
	return nil
}

// Describe prints v briefly for a message: strings quoted and shortened,
// containers by kind and size.
func (v *Value) Describe() string {
	if v == nil {
		return "absent"
	}
	switch v.Kind {
	case KindString:
		return quoteShort(v.Str)
	case KindNumber:
		return v.Str
	case KindBool:
		if v.Bool {
			return "true"
		}
		return "false"
	case KindList:
		return plural(len(v.Items), "a list of %d item")
	case KindMap:
		return plural(len(v.Fields), "a mapping of %d field")
	}
	return "null"
}
