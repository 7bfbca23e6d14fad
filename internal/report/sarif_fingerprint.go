package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"

	"github.com/storygate/storygate/internal/diag"
)

// fingerprintKey names storygate's own partial fingerprint. Code scanning
// matches alerts across runs by every partial fingerprint a result carries;
// upload-sarif adds its own primaryLocationLineHash from the checkout, so
// storygate leaves that key to it.
const fingerprintKey = "storygateFinding/v1"

// positionRef matches the places a message names by number ("line 12",
// "3:7"), which move when lines do and so stay out of a fingerprint.
var positionRef = regexp.MustCompile(`\blines? \d+|\d*:\d+(:\d+)?\b`)

// fingerprints computes each diagnostic's partial fingerprint: a hash of
// the rule, the file and the message with its line references taken out,
// never the line or column, so a finding keeps its alert when lines above
// it move. Identical findings in one file are told apart by their order
// (":2", ":3"), as code scanning's own line hash does.
func fingerprints(ds []diag.Diagnostic) []string {
	out := make([]string, len(ds))
	seen := map[string]int{}
	for i, d := range ds {
		sum := sha256.Sum256([]byte(d.Rule + "\x00" + d.File + "\x00" + normalizedMessage(d.Message)))
		h := hex.EncodeToString(sum[:16])
		seen[h]++
		out[i] = fmt.Sprintf("%s:%d", h, seen[h])
	}
	return out
}

// normalizedMessage is the message without its position references and
// with its whitespace collapsed.
func normalizedMessage(m string) string {
	return strings.Join(strings.Fields(positionRef.ReplaceAllString(m, "")), " ")
}
