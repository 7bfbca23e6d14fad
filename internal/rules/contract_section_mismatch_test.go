package rules

import "testing"

func TestLeadingID(t *testing.T) {
	cases := map[string]string{
		"AC1 Example criterion":   "AC1",
		"**AC2** bold":            "AC2",
		"**V1:** `npm test`":      "V1",
		"V2. done":                "V2",
		"AC-3.1 nested":           "AC-3.1",
		"`V1` in code":            "",
		"1. numbered":             "",
		"":                        "",
		"Criterion without id":    "Criterion",
		"AC1: colon after the id": "AC1",
	}
	for text, want := range cases {
		if got := leadingID(text); got != want {
			t.Errorf("leadingID(%q) = %q, want %q", text, got, want)
		}
	}
}
