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

func TestIsItemIndex(t *testing.T) {
	for s, want := range map[string]bool{"[0]": true, "[12]": true, "[]": false, "[a]": false, "0": false, "[1].text": false, "": false} {
		if got := isItemIndex(s); got != want {
			t.Errorf("isItemIndex(%q) = %v, want %v", s, got, want)
		}
	}
}
