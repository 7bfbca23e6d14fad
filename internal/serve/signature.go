package serve

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// signaturePrefix is the algorithm X-Hub-Signature-256 names; the older
// X-Hub-Signature (sha1=) is never accepted, even when GitHub sends it too.
const signaturePrefix = "sha256="

// ErrSignature is why a delivery was refused for its signature: missing,
// malformed, of another algorithm, or not the body's.
var ErrSignature = errors.New("signature refused")

// ParseSignature reads an X-Hub-Signature-256 header value
// ("sha256=" and 64 hexadecimal digits) into the 32-byte HMAC it names.
func ParseSignature(header string) ([]byte, error) {
	if header == "" {
		return nil, fmt.Errorf("%w: no X-Hub-Signature-256 header", ErrSignature)
	}
	hexSum, ok := strings.CutPrefix(header, signaturePrefix)
	if !ok {
		return nil, fmt.Errorf("%w: X-Hub-Signature-256 does not start with %q", ErrSignature, signaturePrefix)
	}
	if len(hexSum) != 2*sha256.Size {
		return nil, fmt.Errorf("%w: X-Hub-Signature-256 has %d hexadecimal digits, want %d", ErrSignature, len(hexSum), 2*sha256.Size)
	}
	sum, err := hex.DecodeString(hexSum)
	if err != nil {
		return nil, fmt.Errorf("%w: X-Hub-Signature-256 is not hexadecimal", ErrSignature)
	}
	return sum, nil
}

// verifySignature reports whether sum is the HMAC-SHA256 of body under
// secret, comparing in constant time so the answer's timing tells an
// attacker nothing about how much of a forged signature was right.
func verifySignature(secret, body, sum []byte) error {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	if !hmac.Equal(mac.Sum(nil), sum) {
		return fmt.Errorf("%w: X-Hub-Signature-256 is not the body's HMAC under the webhook secret", ErrSignature)
	}
	return nil
}

// Sign is the X-Hub-Signature-256 value GitHub sends for body under
// secret; tests and load generators sign their deliveries with it.
func Sign(secret, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return signaturePrefix + hex.EncodeToString(mac.Sum(nil))
}
