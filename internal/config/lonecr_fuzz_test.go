package config

import (
	"bytes"
	"errors"
	"testing"

	"github.com/storygate/storygate/internal/linebreak"
)

// FuzzLoneCRPositions: a configuration with lone-CR line endings is
// positioned exactly as the same configuration with LF endings.
func FuzzLoneCRPositions(f *testing.F) {
	f.Add([]byte("stories: [a]\rverify:\r  jobs: 0\r"))
	f.Add([]byte("stories: [a]\rverify:\r  jobs: 2\r bad\r"))
	f.Add([]byte("verify:\r  timeout: -5s\r"))
	f.Add([]byte("rules:\r  a/b: loud\r"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lf := linebreak.LoneCRsToLF(data)
		if bytes.Equal(lf, data) {
			return
		}
		_, errCR := Parse("x.yml", data)
		_, errLF := Parse("x.yml", lf)
		var a, b *Error
		if errors.As(errCR, &a) != errors.As(errLF, &b) {
			t.Fatalf("CR: %v\nLF: %v", errCR, errLF)
		}
		if a != nil && (a.Line != b.Line || a.Column != b.Column) {
			t.Fatalf("lone CR positions differ:\nCR: %v\nLF: %v", errCR, errLF)
		}
	})
}
