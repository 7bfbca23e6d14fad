package records

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/checks"
	"github.com/storygate/storygate/internal/diag"
)

var updateUnrelated = flag.Bool("update", false, "rewrite the expected outputs of testdata/unrelated")

func builtinSuite(t *testing.T, name string) *Suite {
	t.Helper()
	s, err := LoadSuiteFile(checks.FS, name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestUnrelatedGolden runs each fixture of testdata/unrelated/<suite>/
// through the built-in suite of its directory and compares the text
// output with the .out file beside it: bad-* must hold a
// records/unrelated finding, ok-* must not.
func TestUnrelatedGolden(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/unrelated/*/*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, file := range files {
		if strings.HasSuffix(file, ".out") {
			continue
		}
		t.Run(filepath.ToSlash(file), func(t *testing.T) {
			t.Parallel()
			suite := builtinSuite(t, filepath.Base(filepath.Dir(file)))
			got := diagText(CheckData(suite, nil, filepath.ToSlash(file), mustReadBytes(t, file)))
			wantUnrelated := strings.HasPrefix(filepath.Base(file), "bad-")
			if strings.Contains(got, "["+RuleUnrelated+"]") != wantUnrelated {
				t.Errorf("records/unrelated reported = %v, want %v:\n%s", !wantUnrelated, wantUnrelated, got)
			}
			compareOut(t, strings.TrimSuffix(file, filepath.Ext(file))+".out", got)
		})
	}
}

func diagText(ds []diag.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.String() + "\n")
	}
	return b.String()
}

func compareOut(t *testing.T, outFile, got string) {
	t.Helper()
	if *updateUnrelated {
		if err := os.WriteFile(outFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatalf("%v (go test ./internal/records -run TestUnrelatedGolden -update)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s differs (-want +got):\n%s", outFile, diff)
	}
}

// TestUnrelatedNeighbours: every shape of record that is not the suite's
// kind gets the one records/unrelated finding, at the record; every
// record that holds one field the suite reads is judged by the checks.
func TestUnrelatedNeighbours(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, suite, file, data string
		unrelatedAt             []int // lines of the records/unrelated findings
		checksRun               bool  // some other finding or none, from the checks
	}{
		{"unknown field", "step-packet", "r.json", `{"hello": 1}`, []int{1}, false},
		{"empty object", "packet-revision", "r.json", `{}`, []int{1}, false},
		{"array of numbers", "grant-audit", "r.json", `[1, 2]`, []int{1}, false},
		{"empty array", "refusal-review", "r.json", `[]`, []int{1}, false},
		{"number", "step-packet", "r.json", `3`, []int{1}, false},
		{"string", "packet-revision", "r.json", `"pulls"`, []int{1}, false},
		{"null", "grant-audit", "r.json", `null`, []int{1}, false},
		{"boolean", "refusal-review", "r.yaml", "true\n", []int{1}, false},
		{"yaml of another shape", "refusal-review", "r.yaml", "name: ci\njobs: {test: {steps: [{run: make}]}}\n", []int{1}, false},
		{"the suite's own file", "step-packet", "s.yaml", string(mustReadBytes(t, "../../checks/step-packet.yaml")), []int{4}, false},
		{"another kind's record", "overhead-measurement", "r.json", string(mustReadBytes(t, "testdata/golden/good-repair.json")), []int{1}, false},
		{"only a field read inside each", "packet-revision", "r.json", `{"fetched_in_runs": 3, "used_in_output_runs": 9}`, []int{1}, false},
		{"parent of a read path only", "grant-audit", "r.json", `{"declared": {"tools": []}}`, []int{1}, false},
		{"jsonl second line", "packet-revision", "r.jsonl", "{\"pulls\": []}\n{\"other\": 1}\n", []int{2}, true},
		{"yaml stream second document", "refusal-review", "r.yaml", "refusals: []\n---\nname: x\n", []int{3}, true},
		{"empty each list", "packet-revision", "r.json", `{"pulls": []}`, nil, true},
		{"null field is the record's", "step-packet", "r.json", `{"exploration_allowance": null}`, nil, true},
		{"deep read path", "grant-audit", "r.json", `{"declared": {"read_only": false}}`, nil, true},
		{"if rule path", "grant-audit", "r.json", `{"observed_on_wire": {"tool_names": []}}`, nil, true},
		{"enum path", "step-packet", "r.json", `{"grant": {"ask": true}}`, nil, true},
		{"computed reads", "overhead-measurement", "r.json", `{"break_even": []}`, nil, true},
		{"list of records", "packet-revision", "r.json", `[{"pulls": []}]`, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			recs, problems := Parse(tt.file, []byte(tt.data))
			if len(problems) > 0 {
				t.Fatalf("parse: %v", problems)
			}
			var lines []int
			others := false
			for _, rec := range recs {
				for _, d := range CheckRecord(builtinSuite(t, tt.suite), rec) {
					if d.Rule != RuleUnrelated {
						others = true
						continue
					}
					lines = append(lines, d.Line)
					if d.Severity != diag.SeverityError || d.Column != 1 {
						t.Errorf("finding %v: want an error at column 1", d)
					}
				}
			}
			if !reflect.DeepEqual(lines, tt.unrelatedAt) {
				t.Errorf("records/unrelated at lines %v, want %v", lines, tt.unrelatedAt)
			}
			if others && !tt.checksRun {
				t.Errorf("the suite's checks ran on an unrelated record")
			}
		})
	}
}

// TestUnrelatedEmptyFiles: a file with no record at all keeps its finding
// about the file (an empty JSON document does not parse), with nothing
// about the suite.
func TestUnrelatedEmptyFiles(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ file, data, rule string }{
		{"e.json", "", RuleParse},
		{"e.jsonl", "", RuleEmpty},
		{"b.jsonl", "\n  \n\n", RuleEmpty},
		{"e.yaml", "# only a comment\n", RuleEmpty},
	} {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			ds := CheckData(builtinSuite(t, "packet-revision"), nil, tt.file, []byte(tt.data))
			if len(ds) != 1 || ds[0].Rule != tt.rule {
				t.Errorf("got %v, want one %s", ds, tt.rule)
			}
		})
	}
}

// TestUnrelatedWithSchema: a schema adds its findings; it does not hide
// records/unrelated.
func TestUnrelatedWithSchema(t *testing.T) {
	t.Parallel()
	schema, err := LoadSchema(checks.FS, "template.packet-revision")
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]bool{}
	for _, d := range CheckData(builtinSuite(t, "packet-revision"), schema, "r.json", []byte(`{"hello": 1}`)) {
		rules[d.Rule] = true
	}
	if !rules[RuleUnrelated] || !rules[RuleSchema] {
		t.Errorf("rules %v, want records/unrelated and records/schema", rules)
	}
}

// TestSuiteReadPaths pins the fields each kind of rule contributes.
func TestSuiteReadPaths(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, rule string
		want       []string
	}{
		{"path", `{rule: present, path: a.b}`, []string{"a.b"}},
		{"compare than", `{rule: compare, path: a, op: "<", than: b}`, []string{"a", "b"}},
		{"sum of", `{rule: sum, path: t, of: [x, y]}`, []string{"t", "x", "y"}},
		{"when equals", `{rule: when, if: {path: k, equals: 1}, then: {rule: present, path: v}}`, []string{"k", "v"}},
		{"when rule", `{rule: when, if: {rule: present, path: k}, then: {rule: present, path: v}}`, []string{"k", "v"}},
		{"each reads its path only", `{rule: each, path: items, then: {rule: present, path: inner}}`, []string{"items"}},
		{"computed", `{rule: computed, name: overhead-break-even}`, []string{"slicing.content_tokens", "slicing.slices", "configurations", "break_even"}},
		{"once each", `{rule: when, if: {path: a, equals: 1}, then: {rule: present, path: a}}`, []string{"a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := mustSuite(t, tt.rule).ReadPaths(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ReadPaths = %v, want %v", got, tt.want)
			}
		})
	}
}
