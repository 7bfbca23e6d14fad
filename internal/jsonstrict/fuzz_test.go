package jsonstrict

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzDecode holds Decode to encoding/json: what it accepts decodes to
// what json.Unmarshal makes of it (into interface{} and into a struct);
// what json.Unmarshal accepts and Decode refuses has a duplicate key;
// every refusal is an *Error positioned inside the input. Seeds live in
// testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"conclusion":"failure","conclusion":"success"}`, `{"head":{"sha":"a","SHA":"b"}}`,
		`{"labels":{"A":"1","a":"2"}}`, "[1,\n{\"a\":[true,null]}", `{"line":"x"}`, `{"severity":"fatal"}`, `{} {}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var loose any
		looseErr := json.Unmarshal(data, &loose)
		var strict any
		err := Decode(data, &strict, AllowUnknownFields)
		checkRefusal(t, data, err, looseErr)
		if err == nil && !cmp.Equal(loose, strict) {
			t.Fatalf("Decode made %#v of what json.Unmarshal reads as %#v", strict, loose)
		}
		var looseDoc, strictDoc doc
		looseErr = json.Unmarshal(data, &looseDoc)
		err = Decode(data, &strictDoc, AllowUnknownFields)
		checkRefusal(t, data, err, looseErr)
		if err == nil && !cmp.Equal(looseDoc, strictDoc) {
			t.Fatalf("Decode made %+v of what json.Unmarshal reads as %+v", strictDoc, looseDoc)
		}
	})
}

// checkRefusal: a refusal is a positioned *Error, and one json.Unmarshal
// does not share is a duplicate key.
func checkRefusal(t *testing.T, data []byte, err, looseErr error) {
	t.Helper()
	if err == nil {
		if looseErr != nil {
			t.Fatalf("Decode accepted what json.Unmarshal refuses: %v", looseErr)
		}
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("refusal %v (%T) is not an *Error", err, err)
	}
	if e.Offset < 0 || e.Offset > int64(len(data)) || e.Line < 1 || e.Line > bytes.Count(data, []byte{'\n'})+1 || e.Column < 1 {
		t.Fatalf("refusal off the input (%d bytes): %+v", len(data), e)
	}
	if looseErr == nil && !errors.Is(err, ErrDuplicateKey) {
		t.Fatalf("Decode refused what json.Unmarshal accepts, and not for a duplicate key: %v", err)
	}
}
