package records

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// packNouns reads the pack copied into testdata, keyed by slug.
func packNouns(t *testing.T) map[string]map[string]any {
	t.Helper()
	var pack struct {
		Nouns []struct {
			Slug  string         `json:"slug"`
			Value map[string]any `json:"value"`
		} `json:"nouns"`
	}
	if err := json.Unmarshal(mustReadBytes(t, "testdata/pack/atomic-step-contract.json"), &pack); err != nil {
		t.Fatal(err)
	}
	nouns := map[string]map[string]any{}
	for _, n := range pack.Nouns {
		nouns[n.Slug] = n.Value
	}
	return nouns
}

func jsonFile(t *testing.T, file string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(mustReadBytes(t, file), &v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return v
}

// TestStepPacketSuiteIsThePack checks that checks/step-packet.yaml carries
// the pack's eleven checks unchanged.
func TestStepPacketSuiteIsThePack(t *testing.T) {
	var suite struct {
		Checks []any `yaml:"checks"`
	}
	if err := yaml.Unmarshal(mustReadBytes(t, "../../checks/step-packet.yaml"), &suite); err != nil {
		t.Fatal(err)
	}
	want := packNouns(t)["step-checks"]["deterministic_checks"].([]any)
	got, _ := json.Marshal(suite.Checks)
	wantJSON, _ := json.Marshal(want)
	if len(want) != 11 || string(got) != string(wantJSON) {
		t.Errorf("suite differs from the pack:\n%s\n%s", got, wantJSON)
	}
}

// TestFixturesAreThePack checks that the golden packets, their labels and
// the examples in testdata are the pack's, so the golden test is honest.
func TestFixturesAreThePack(t *testing.T) {
	nouns := packNouns(t)
	labels := readLabels(t)
	for _, fx := range nouns["step-checks"]["golden_fixtures"].([]any) {
		f := fx.(map[string]any)
		id := f["id"].(string)
		if got := jsonFile(t, filepath.Join("testdata/golden", id+".json")); !reflect.DeepEqual(got, f["finding"]) {
			t.Errorf("%s differs from the pack", id)
		}
		fails, _ := f["fails"].(string)
		if labels[id] != (goldenLabel{Label: f["label"].(string), Fails: fails}) {
			t.Errorf("%s label differs from the pack", id)
		}
	}
	for _, ex := range []string{"example.step-kind", "example.overhead-measurement"} {
		if got := jsonFile(t, filepath.Join("testdata/examples", ex+".json")); !reflect.DeepEqual(got, nouns[ex]["instance"]) {
			t.Errorf("%s differs from the pack", ex)
		}
	}
}

// TestSchemasAreThePack checks that every template schema of the pack is in
// checks/schemas unchanged apart from $schema, title and description.
func TestSchemasAreThePack(t *testing.T) {
	count := 0
	for slug, value := range packNouns(t) {
		if !strings.HasPrefix(slug, "template.") {
			continue
		}
		count++
		got := jsonFile(t, filepath.Join("../../checks/schemas", slug+".json")).(map[string]any)
		for _, k := range []string{"$schema", "title", "description"} {
			delete(got, k)
		}
		if !reflect.DeepEqual(got, value["schema"]) {
			t.Errorf("%s differs from the pack", slug)
		}
	}
	if entries, _ := os.ReadDir("../../checks/schemas"); count != 7 || len(entries) != count {
		t.Errorf("want 7 template schemas, pack has %d, checks/schemas has %d", count, len(entries))
	}
}
