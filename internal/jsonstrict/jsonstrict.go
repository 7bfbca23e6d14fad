// Package jsonstrict reads the JSON documents storygate did not write
// itself (results documents, re-verification documents, verify shards,
// event payloads) so that every reader of a document reads the same
// values, and says where a document is wrong.
//
// encoding/json keeps the last of two equal keys, other readers (jq's
// first-wins mode, JavaScript engines, GitHub's own services) may keep
// another, and encoding/json matches a key to a struct field ignoring
// case, so {"conclusion":"failure","Conclusion":"success"} decodes to
// success while a reader that compares names exactly sees failure. A
// document with a key twice in one object is refused: exactly equal keys
// anywhere, and, in an object decoded into a struct, two keys that name
// the same field the way encoding/json matches them (exactly, else equal
// under Unicode simple case folding). Keys of maps and of objects
// storygate does not decode compare exactly, since their names are data.
//
// Every refusal is an *Error with the byte offset and the line:column
// (lines split at \n, columns counted in characters) where it was found:
// syntax errors, an unexpected end of input, a duplicate key, an unknown
// field, a value of the wrong type, data after the document.
package jsonstrict

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"unicode/utf8"

	"github.com/storygate/storygate/internal/diag"
)

// ErrDuplicateKey marks the refusal of a key that appears twice in one
// object.
var ErrDuplicateKey = errors.New("duplicate key")

// Fields says what Decode does with an object key that names no field of
// the struct it is decoded into.
type Fields int

const (
	// AllowUnknownFields ignores such keys, as encoding/json does.
	AllowUnknownFields Fields = iota
	// RefuseUnknownFields refuses them, as json.Decoder's
	// DisallowUnknownFields does, but with a position.
	RefuseUnknownFields
)

// maxDepth is encoding/json's own nesting limit; the walk recurses, so it
// must stop where the decoder would.
const maxDepth = 10000

// Error is a refused document: what is wrong and where.
type Error struct {
	Offset  int64 // bytes before the fault
	Line    int   // 1-based
	Column  int   // 1-based, in characters
	Message string
	Err     error // the underlying error (json's, or ErrDuplicateKey), if any
}

// Error prints "line:col: message".
func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Message) }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Pos is the position as the diagnostics carry it.
func (e *Error) Pos() diag.Pos { return diag.Pos{Line: e.Line, Column: e.Column} }

// Decode decodes data, exactly one JSON value, into v (a non-nil
// pointer), refusing what the package comment lists. It returns nil or an
// *Error.
func Decode(data []byte, v any, fields Fields) error {
	if err := syntax(data); err != nil {
		return err
	}
	w := newWalker(data, fields)
	if err := w.document(reflect.TypeOf(v)); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if fields == RefuseUnknownFields {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return w.decodeError(err)
	}
	return nil
}

// At is the error for a fault at offset off of data.
func At(data []byte, off int64, err error, format string, args ...any) *Error {
	p := Position(data, off)
	return &Error{Offset: off, Line: p.Line, Column: p.Column, Message: fmt.Sprintf(format, args...), Err: err}
}

// Position is the line and column of byte offset off in data (clamped to
// data).
func Position(data []byte, off int64) diag.Pos {
	o := int(max(0, min(off, int64(len(data)))))
	lineStart := bytes.LastIndexByte(data[:o], '\n') + 1
	return diag.Pos{Line: bytes.Count(data[:o], []byte{'\n'}) + 1, Column: utf8.RuneCount(data[lineStart:o]) + 1}
}

// decodeError positions an error of json.Decoder.Decode, which the walk
// did not find (a value of the wrong type; an error of a type's own
// UnmarshalJSON the walk's trial did not reach).
func (w *walker) decodeError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		// encoding/json's offset is just past the value (or past the '{'
		// or '[' it opens); the value starts at the last start before it.
		return At(w.data, w.valueStartBefore(te.Offset), err, "%s", jsonMessage(err))
	case errors.As(err, &se):
		return At(w.data, se.Offset, err, "%s", jsonMessage(err))
	}
	return At(w.data, 0, err, "%s", jsonMessage(err))
}

// syntax refuses what is not one JSON value, positioned at the
// offending byte: json.Unmarshal checks the whole input before decoding
// and counts its offsets from the start, which json.Decoder's Token does
// not (its offsets count from the value it was reading).
func syntax(data []byte) error {
	var raw json.RawMessage
	err := json.Unmarshal(data, &raw)
	var se *json.SyntaxError
	switch {
	case err == nil:
		return nil
	case !errors.As(err, &se):
		return At(data, 0, err, "%s", jsonMessage(err))
	case se.Error() == "unexpected end of JSON input": // encoding/json's own words; no other field says it
		return At(data, int64(len(data)), err, "unexpected end of the JSON document")
	}
	return At(data, max(0, se.Offset-1), err, "%s", se.Error()) // Offset is just past the offending byte
}

// valueStartBefore is the start of the last value starting before off.
func (w *walker) valueStartBefore(off int64) int64 {
	i := sort.Search(len(w.starts), func(i int) bool { return w.starts[i] >= off })
	if i == 0 {
		return off
	}
	return w.starts[i-1]
}

// jsonMessage is err's text without encoding/json's "json: " prefix,
// which says nothing once the position does.
func jsonMessage(err error) string {
	msg := err.Error()
	if len(msg) > 6 && msg[:6] == "json: " {
		return msg[6:]
	}
	return msg
}

// document walks the one value of the input and refuses data after it.
func (w *walker) document(t reflect.Type) error {
	if err := w.value(t, 0); err != nil {
		return err
	}
	off := w.next()
	if _, err := w.dec.Token(); !errors.Is(err, io.EOF) {
		return At(w.data, off, nil, "data after the JSON document; a document is one value")
	}
	return nil
}
