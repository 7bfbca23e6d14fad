package jsonstrict

import (
	"errors"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/diag"
)

type head struct {
	SHA string `json:"sha"`
	Ref string `json:"ref"`
}

type doc struct {
	Conclusion string            `json:"conclusion"`
	Head       head              `json:"head"`
	Heads      []head            `json:"heads"`
	Labels     map[string]string `json:"labels"`
	Extra      any               `json:"extra"`
	Line       int               `json:"line"`
	Severity   diag.Severity     `json:"severity"`
}

// TestDecode runs documents through Decode: each refusal has its position
// (line:col) and, for a duplicate, ErrDuplicateKey; an honest document and
// the keys that only look alike where case does not matter are accepted.
func TestDecode(t *testing.T) {
	for _, c := range []struct {
		name, in string
		fields   Fields
		pos      string // "" accepted, else the "line:col:" the error starts with
		dup      bool
		message  string
	}{
		{name: "honest", in: "{\"conclusion\":\"failure\",\n \"head\":{\"sha\":\"a\",\"ref\":\"r\"},\"heads\":[{\"sha\":\"b\"}],\"line\":3,\"severity\":\"warning\"}"},
		{name: "exact duplicate at the top", in: "{\"conclusion\":\"failure\",\n\"conclusion\":\"success\"}", pos: "2:1:", dup: true, message: "first at 1:2"},
		{name: "duplicate at depth", in: "{\"heads\":[{\"sha\":\"a\"},\n  {\"sha\":\"b\", \"sha\":\"c\"}]}", pos: "2:15:", dup: true},
		{name: "case-folded duplicate of a field", in: "{\"head\":{\"sha\":\"a\",\"SHA\":\"b\"}}", pos: "1:20:", dup: true, message: `repeats "sha"`},
		{name: "case-folded duplicate, field first in another case", in: `{"Conclusion":"failure","conclusion":"success"}`, pos: "1:25:", dup: true},
		{name: "Kelvin sign folds to k", in: "{\"labels\":{},\"line\":1,\"\u212Aey\":1,\"KEY\":2}", pos: "1:31:", dup: true},
		{name: "escaped key is the same key", in: `{"head":{},"h\u0065ad":{}}`, pos: "1:12:", dup: true},
		{name: "duplicate in a value nothing decodes", in: `{"unread":{"a":1,"a":2}}`, pos: "1:18:", dup: true},
		{name: "duplicate under interface{}", in: `{"extra":[{"k":1,"k":1}]}`, pos: "1:18:", dup: true},
		{name: "map keys differing in case are two keys", in: `{"labels":{"Team":"a","team":"b"}}`},
		{name: "unread keys differing in case are two keys", in: `{"extra":{"Team":1,"team":2}}`},
		{name: "exact duplicate map key", in: `{"labels":{"team":"a","team":"b"}}`, pos: "1:23:", dup: true},
		{name: "unexpected EOF", in: "{\"head\":{\"sha\":\"a\"", pos: "1:19:", message: "unexpected end"},
		{name: "unexpected EOF after a line", in: "{\"heads\":[\n", pos: "2:1:", message: "unexpected end"},
		{name: "empty input", in: "", pos: "1:1:", message: "unexpected end"},
		{name: "syntax error", in: "{\"line\":\n  tru}", pos: "2:6:", message: "invalid character"},
		{name: "type error", in: "{\"conclusion\":\"x\",\n \"line\":\"three\"}", pos: "2:9:", message: "cannot unmarshal string"},
		{name: "type error of an object", in: "{\"line\":{\"a\":1}}", pos: "1:9:", message: "cannot unmarshal object"},
		{name: "a type's own UnmarshalJSON refuses", in: "{\n\"severity\":\"fatal\"}", pos: "2:12:", message: "unknown severity"},
		{name: "data after the document", in: "{\"line\":1}\n{\"line\":2}", pos: "2:1:", message: "after top-level value"},
		{name: "a stray bracket after the document", in: "{\"line\":1}]", pos: "1:11:", message: "after top-level value"},
		{name: "unknown field refused when asked", in: "{\"line\":1,\n\"lines\":2}", fields: RefuseUnknownFields, pos: "2:1:", message: `unknown field "lines"`},
		{name: "unknown field allowed by default", in: `{"line":1,"lines":2}`},
		{name: "field matched ignoring case is known", in: `{"LINE":1}`, fields: RefuseUnknownFields},
		{name: "columns count characters", in: "{\"extra\":\"ééé\",\"line\":1,\"line\":2}", pos: "1:25:", dup: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var d doc
			err := Decode([]byte(c.in), &d, c.fields)
			if c.pos == "" {
				if err != nil {
					t.Fatalf("refused an honest document: %v", err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v (%T), want an *Error", err, err)
			}
			if !strings.HasPrefix(err.Error(), c.pos) || !strings.Contains(err.Error(), c.message) {
				t.Errorf("err = %q, want it at %s saying %q", err, c.pos, c.message)
			}
			if errors.Is(err, ErrDuplicateKey) != c.dup {
				t.Errorf("errors.Is(err, ErrDuplicateKey) = %v, want %v (%v)", !c.dup, c.dup, err)
			}
		})
	}
}

// TestDecodeKeepsTheValues: what Decode accepts decodes as encoding/json
// decodes it (the walk only refuses, it never changes a value).
func TestDecodeKeepsTheValues(t *testing.T) {
	var d doc
	in := `{"conclusion":"failure","HEAD":{"SHA":"a"},"labels":{"A":"1","a":"2"},"severity":"notice"}`
	if err := Decode([]byte(in), &d, RefuseUnknownFields); err != nil {
		t.Fatal(err)
	}
	if d.Conclusion != "failure" || d.Head.SHA != "a" || d.Labels["A"] != "1" || d.Labels["a"] != "2" || d.Severity != diag.SeverityNotice {
		t.Errorf("decoded %+v", d)
	}
}

// TestDecodeNestingLimit: a document nested past encoding/json's limit is
// refused with a position, not a stack overflow.
func TestDecodeNestingLimit(t *testing.T) {
	in := strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1)
	var v any
	err := Decode([]byte(in), &v, AllowUnknownFields)
	if err == nil || !strings.HasPrefix(err.Error(), "1:10001:") {
		t.Fatalf("err = %v, want a refusal at 1:10001", err)
	}
}
