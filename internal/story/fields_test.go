package story

import (
	"testing"
	"time"
)

func TestParseTimeAgreesWithTheLayouts(t *testing.T) {
	cases := []string{
		"2026-05-27 10:00", "2026-05-27T10:00:00Z", "2026-02-30 10:00", "2026-02-28T23:59:59Z", "2026-13-01 10:00",
		"2026-05-27 24:00", "2026-05-27T10:00:60Z", "2026-05-27T10:00:00+02:00", "2026-05-27", "2026-5-27 10:00",
		"2026-05-27 1a:00", "yesterday", "", "2024-02-29 12:00", "2023-02-29 12:00",
	}
	for _, c := range cases {
		got, ok := ParseTime(c)
		var want time.Time
		wantOK := false
		for _, layout := range TimeLayouts {
			if tm, err := time.Parse(layout, c); err == nil {
				want, wantOK = tm, true
				break
			}
		}
		if ok != wantOK || !got.Equal(want) {
			t.Errorf("ParseTime(%q) = %v, %v; the layouts give %v, %v", c, got, ok, want, wantOK)
		}
	}
}
