package stage

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/linebreak"
)

func positions(ds []diag.Diagnostic) string {
	var b bytes.Buffer
	for _, d := range ds {
		fmt.Fprintf(&b, "%d:%d %s\n", d.Line, d.Column, d.Rule)
	}
	return b.String()
}

// FuzzLoneCRPositions: a stage file with lone-CR line endings gets the
// findings, at the positions, that the same file with LF endings gets.
func FuzzLoneCRPositions(f *testing.F) {
	f.Add([]byte(validFront))
	f.Add(bytes.ReplaceAll([]byte(validFront), []byte("\n"), []byte("\r")))
	f.Add([]byte("---\rslug: demo\rphase: !x inception\r---\r# Demo\r## Steps\r"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lf := linebreak.LoneCRsToLF(data)
		if bytes.Equal(lf, data) {
			return
		}
		_, cr := ParseFile("construction/demo.md", data)
		_, want := ParseFile("construction/demo.md", lf)
		if got, exp := positions(cr), positions(want); got != exp {
			t.Fatalf("lone CR findings differ:\nCR:\n%sLF:\n%s", got, exp)
		}
	})
}
