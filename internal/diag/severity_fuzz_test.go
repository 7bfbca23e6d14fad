package diag

import (
	"encoding/json"
	"testing"
)

// FuzzParseSeverity feeds ParseSeverity and Severity's UnmarshalJSON
// arbitrary text: a severity read is one of the three and reads back from
// its name and its JSON. Seeds live in testdata/fuzz/FuzzParseSeverity.
func FuzzParseSeverity(f *testing.F) {
	for _, s := range []string{"error", "Warning", "NOTICE", "fatal", "", `"error"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		var fromJSON Severity
		if err := json.Unmarshal([]byte(name), &fromJSON); err == nil {
			checkSeverityReadsBack(t, name, fromJSON)
		}
		sev, err := ParseSeverity(name)
		if err != nil {
			return
		}
		checkSeverityReadsBack(t, name, sev)
	})
}

func checkSeverityReadsBack(t *testing.T, name string, sev Severity) {
	t.Helper()
	if sev < SeverityError || sev > SeverityNotice {
		t.Fatalf("%q read as %v", name, sev)
	}
	data, err := json.Marshal(sev)
	var back Severity
	if err != nil || json.Unmarshal(data, &back) != nil || back != sev {
		t.Fatalf("%q read as %v; its JSON %s reads as %v", name, sev, data, back)
	}
	if again, err := ParseSeverity(sev.String()); err != nil || again != sev {
		t.Fatalf("%q read as %v; its name reads as %v, %v", name, sev, again, err)
	}
}
