// Package jsonstricttest forges the documents the duplicate-key attacks
// use: an honest JSON document with a key repeated in one object.
package jsonstricttest

import (
	"bytes"
	"fmt"
	"testing"
)

// Duplicate returns data with dup (`"key": value`) inserted as the member
// after the first occurrence of member (`"key": value`, as the document
// spells it), so that the object holds the key twice, and the line:col
// where dup starts, counted here from the bytes (not by the package
// under test), as "line:col:".
func Duplicate(t *testing.T, data []byte, member, dup string) ([]byte, string) {
	t.Helper()
	i := bytes.Index(data, []byte(member))
	if i < 0 {
		t.Fatalf("the document has no %s to repeat:\n%s", member, data)
	}
	at := i + len(member) + len(", ")
	forged := append(append(append([]byte{}, data[:i+len(member)]...), ", "+dup...), data[i+len(member):]...)
	line := bytes.Count(forged[:at], []byte("\n")) + 1
	col := at - (bytes.LastIndexByte(forged[:at], '\n') + 1) + 1
	return forged, fmt.Sprintf("%d:%d:", line, col)
}
