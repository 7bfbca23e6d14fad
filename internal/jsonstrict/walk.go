package jsonstrict

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
)

// walker reads the document token by token, following the Go type it is
// decoded into, to find what json.Decoder.Decode accepts silently or
// reports without a position.
type walker struct {
	data   []byte
	dec    *json.Decoder
	fields Fields
	starts []int64 // where each value starts, in order, for type errors
	types  map[reflect.Type]*structFields
}

func newWalker(data []byte, fields Fields) *walker {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return &walker{data: data, dec: dec, fields: fields, types: map[reflect.Type]*structFields{}}
}

// next is the offset of the next token.
func (w *walker) next() int64 { return TokenStart(w.data, w.dec.InputOffset()) }

// TokenStart is the offset of the first token at or after off in data:
// json.Decoder's InputOffset is where the last token ended, and the
// decoder consumes the white space and separators after it without
// reporting them.
func TokenStart(data []byte, off int64) int64 {
	for off < int64(len(data)) {
		switch data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// token reads one token and where it starts, positioning the decoder's
// errors.
func (w *walker) token() (json.Token, int64, error) {
	off := w.next()
	tok, err := w.dec.Token()
	var se *json.SyntaxError
	switch {
	case err == nil:
		return tok, off, nil
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return nil, off, At(w.data, int64(len(w.data)), err, "unexpected end of the JSON document")
	case errors.As(err, &se):
		return nil, off, At(w.data, se.Offset, err, "%s", jsonMessage(err))
	}
	return nil, off, At(w.data, off, err, "%s", jsonMessage(err))
}

// value walks one value decoded into t (nil: a value nothing decodes, or
// one decoded as interface{}).
func (w *walker) value(t reflect.Type, depth int) error {
	tok, off, err := w.token()
	if err != nil {
		return err
	}
	if depth >= maxDepth {
		return At(w.data, off, nil, "the JSON document nests deeper than %d levels", maxDepth)
	}
	w.starts = append(w.starts, off)
	t, custom := target(t)
	switch tok {
	case json.Delim('{'):
		err = w.object(t, depth)
	case json.Delim('['):
		err = w.array(t, depth)
	}
	if err != nil || custom == nil {
		return err
	}
	return w.trial(custom, off)
}

// trial decodes the value that started at off into a fresh value of a
// type with its own UnmarshalJSON, so its error gets the value's position
// rather than none.
func (w *walker) trial(t reflect.Type, off int64) error {
	raw := w.data[off:w.dec.InputOffset()]
	if err := json.Unmarshal(raw, reflect.New(t).Interface()); err != nil {
		return At(w.data, off, err, "%s", jsonMessage(err))
	}
	return nil
}

func (w *walker) array(t reflect.Type, depth int) error {
	var elem reflect.Type
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		elem = t.Elem()
	}
	for w.dec.More() {
		if err := w.value(elem, depth+1); err != nil {
			return err
		}
	}
	_, _, err := w.token() // ']'
	return err
}

// object walks an object's members, refusing a key seen before in it.
func (w *walker) object(t reflect.Type, depth int) error {
	var sf *structFields
	var elem reflect.Type
	switch {
	case t != nil && t.Kind() == reflect.Struct:
		sf = w.structFields(t)
	case t != nil && t.Kind() == reflect.Map:
		elem = t.Elem()
	}
	seen := map[string]seenKey{}
	for w.dec.More() {
		tok, off, err := w.token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		child, err := w.member(sf, elem, seen, key, off)
		if err != nil {
			return err
		}
		if err := w.value(child, depth+1); err != nil {
			return err
		}
	}
	_, _, err := w.token() // '}'
	return err
}

// seenKey is a key already read in an object.
type seenKey struct {
	key string
	off int64
}

// member checks one key against the object's earlier ones (and, decoded
// into a struct, against its fields) and returns the type its value is
// decoded into.
func (w *walker) member(sf *structFields, elem reflect.Type, seen map[string]seenKey, key string, off int64) (reflect.Type, error) {
	canon, child := key, elem
	if sf != nil {
		name, ft, ok := sf.lookup(key)
		switch {
		case ok:
			canon, child = "field "+name, ft
		case w.fields == RefuseUnknownFields:
			return nil, At(w.data, off, nil, "unknown field %q", key)
		default:
			canon = "key " + string(foldName(key))
		}
	}
	if first, dup := seen[canon]; dup {
		p := Position(w.data, first.off)
		if first.key == key {
			return nil, At(w.data, off, ErrDuplicateKey, "key %q appears twice in one object (first at %d:%d); readers disagree on which value counts", key, p.Line, p.Column)
		}
		return nil, At(w.data, off, ErrDuplicateKey, "key %q repeats %q (at %d:%d): encoding/json matches keys to fields ignoring case, so readers disagree on which value counts", key, first.key, p.Line, p.Column)
	}
	seen[canon] = seenKey{key, off}
	return child, nil
}

// target is the type a value decoded into t fills (pointers followed),
// and, when that type decodes itself (json.Unmarshaler), the type to try
// it with; the walk does not look into such a value's members.
func target(t reflect.Type) (walk, custom reflect.Type) {
	for t != nil {
		if p := reflect.PointerTo(t); p.Implements(unmarshaler) || p.Implements(textUnmarshaler) {
			return nil, t
		}
		if t.Kind() != reflect.Pointer {
			return t, nil
		}
		t = t.Elem()
	}
	return nil, nil
}

var unmarshaler = reflect.TypeFor[json.Unmarshaler]()
