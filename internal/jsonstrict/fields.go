package jsonstrict

import (
	"encoding"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"
)

// structFields are the JSON names of a struct's fields as encoding/json
// matches keys to them: exactly, else ignoring case.
type structFields struct {
	byName   map[string]reflect.Type
	byFolded map[string]string // folded name → name
}

// lookup is the field key fills: its name and type.
func (sf *structFields) lookup(key string) (string, reflect.Type, bool) {
	if t, ok := sf.byName[key]; ok {
		return key, t, true
	}
	name, ok := sf.byFolded[string(foldName(key))]
	return name, sf.byName[name], ok
}

func (w *walker) structFields(t reflect.Type) *structFields {
	if sf, ok := w.types[t]; ok {
		return sf
	}
	sf := &structFields{byName: map[string]reflect.Type{}, byFolded: map[string]string{}}
	sf.add(t, map[reflect.Type]bool{})
	w.types[t] = sf
	return sf
}

// add records t's fields, and those promoted from its embedded structs
// (the outer field wins a name, as in encoding/json; the rarer ambiguity
// rules of equal depth are not modelled: storygate's types have none).
func (sf *structFields) add(t reflect.Type, visited map[reflect.Type]bool) {
	if visited[t] {
		return
	}
	visited[t] = true
	var embedded []reflect.Type
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			if et := deref(f.Type); et.Kind() == reflect.Struct {
				embedded = append(embedded, et)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		sf.put(name, f.Type)
	}
	for _, et := range embedded {
		sf.add(et, visited)
	}
}

func (sf *structFields) put(name string, t reflect.Type) {
	if _, ok := sf.byName[name]; ok {
		return
	}
	sf.byName[name] = t
	if folded := string(foldName(name)); sf.byFolded[folded] == "" {
		sf.byFolded[folded] = name
	}
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// foldName is encoding/json's foldName (encoding/json/fold.go): names are
// equal under it exactly when bytes.EqualFold says they are.
func foldName(in string) []byte {
	out := make([]byte, 0, len(in))
	for i := 0; i < len(in); {
		if c := in[i]; c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(in[i:])
		out = utf8.AppendRune(out, foldRune(r))
		i += n
	}
	return out
}

// foldRune is the smallest rune of r's fold set.
func foldRune(r rune) rune {
	for {
		r2 := unicode.SimpleFold(r)
		if r2 <= r {
			return r2
		}
		r = r2
	}
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
