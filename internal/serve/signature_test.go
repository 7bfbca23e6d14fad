package serve

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"
)

// TestParseSignature: only "sha256=" and 64 hexadecimal digits name a
// signature; everything else is ErrSignature.
func TestParseSignature(t *testing.T) {
	t.Parallel()
	good := Sign(testSecret, []byte("{}"))
	for _, c := range []struct {
		header string
		ok     bool
	}{
		{good, true},
		{"sha256=" + strings.ToUpper(strings.TrimPrefix(good, "sha256=")), true},
		{"", false},
		{"sha256=", false},
		{"SHA256=" + strings.TrimPrefix(good, "sha256="), false},
		{"sha1=" + strings.TrimPrefix(good, "sha256=")[:40], false},
		{good + "00", false},
		{good[:len(good)-1] + "g", false},
		{" " + good, false},
	} {
		sum, err := ParseSignature(c.header)
		if c.ok != (err == nil) || (err != nil && !errors.Is(err, ErrSignature)) {
			t.Errorf("ParseSignature(%q) = %x, %v; want ok %v", c.header, sum, err, c.ok)
		}
		if c.ok && verifySignature(testSecret, []byte("{}"), sum) != nil {
			t.Errorf("ParseSignature(%q) does not verify its body", c.header)
		}
	}
}

// FuzzParseSignature: no header panics the parser; a header it accepts
// is the prefix and the hexadecimal spelling of the 32 bytes it returns.
func FuzzParseSignature(f *testing.F) {
	f.Add(Sign([]byte("s"), []byte("{}")))
	f.Add("sha1=0123")
	f.Add("")
	f.Fuzz(func(t *testing.T, header string) {
		sum, err := ParseSignature(header)
		if err != nil {
			if !errors.Is(err, ErrSignature) {
				t.Fatalf("ParseSignature(%q): %v: not ErrSignature", header, err)
			}
			return
		}
		if len(sum) != 32 || !strings.EqualFold(header, signaturePrefix+hex.EncodeToString(sum)) || !bytes.HasPrefix([]byte(header), []byte(signaturePrefix)) {
			t.Fatalf("ParseSignature(%q) = %x: not the header's digits", header, sum)
		}
	})
}
