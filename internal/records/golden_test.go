package records

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// goldenLabel is a fixture's label from the pack, kept beside the packets.
type goldenLabel struct {
	Label string `json:"label"`
	Fails string `json:"fails"`
}

func loadStepPacketSuite(t *testing.T) *Suite {
	t.Helper()
	s, err := LoadSuiteFile(os.DirFS("../../checks"), "step-packet.yaml")
	if err != nil {
		t.Fatalf("load suite: %v", err)
	}
	return s
}

func readLabels(t *testing.T) map[string]goldenLabel {
	t.Helper()
	data, err := os.ReadFile("testdata/golden/labels.json")
	if err != nil {
		t.Fatal(err)
	}
	labels := map[string]goldenLabel{}
	if err := json.Unmarshal(data, &labels); err != nil {
		t.Fatal(err)
	}
	return labels
}

// TestGoldenPackets recomputes each golden packet's verdict with the engine
// and compares it with the pack's label: known_good passes every check,
// known_bad fails exactly the check its label names.
func TestGoldenPackets(t *testing.T) {
	suite := loadStepPacketSuite(t)
	labels := readLabels(t)
	if len(labels) != 13 {
		t.Fatalf("want 13 golden fixtures, got %d", len(labels))
	}
	for id, label := range labels {
		t.Run(id, func(t *testing.T) {
			file := filepath.Join("testdata/golden", id+".json")
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			recs, problems := Parse(file, data)
			if len(problems) > 0 || len(recs) != 1 {
				t.Fatalf("parse: %v", problems)
			}
			got := FailedChecks(suite, recs[0])
			var want []string
			if label.Label == "known_bad" {
				want = []string{label.Fails}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("failed checks = %v, label says %v", got, want)
			}
		})
	}
}
