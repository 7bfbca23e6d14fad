package records

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// maxQuoted bounds how much of a string a message quotes, so a huge value
// cannot flood a report.
const maxQuoted = 60

func quoteShort(s string) string {
	if utf8.RuneCountInString(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	runes := []rune(s)
	return strconv.Quote(string(runes[:maxQuoted])) + "…"
}

func plural(n int, format string) string {
	s := fmt.Sprintf(format, n)
	if n != 1 {
		s += "s"
	}
	return s
}

func jsonNumber(v *Value) json.Number { return json.Number(v.Str) }
