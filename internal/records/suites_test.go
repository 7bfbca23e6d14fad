package records

import (
	"io/fs"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/storygate/storygate/checks"
)

// TestBuiltinSuitesLoad loads every suite shipped in checks/.
func TestBuiltinSuitesLoad(t *testing.T) {
	names, err := fs.Glob(checks.FS, "*.yaml")
	if err != nil || len(names) < 6 {
		t.Fatalf("want at least 6 built-in suites, got %v (%v)", names, err)
	}
	for _, n := range names {
		if _, err := LoadSuiteFile(checks.FS, n); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// mutate edits the JSON text of a pack example with literal replacements.
func mutate(t *testing.T, file string, pairs ...string) []byte {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for i := 0; i+1 < len(pairs); i += 2 {
		if !strings.Contains(s, pairs[i]) {
			t.Fatalf("%s does not contain %q", file, pairs[i])
		}
		s = strings.Replace(s, pairs[i], pairs[i+1], 1)
	}
	return []byte(s)
}

// TestDerivedSuites runs the acceptance-check suites over the pack's
// examples and over edits that each break one acceptance check.
func TestDerivedSuites(t *testing.T) {
	const overhead = "testdata/examples/example.overhead-measurement.json"
	const kind = "testdata/examples/example.step-kind.json"
	tests := []struct {
		name, suite string
		data        []byte
		want        []string
	}{
		{"overhead example", "overhead-measurement", mutate(t, overhead), nil},
		{"rate off", "overhead-measurement", mutate(t, overhead, "0.653", "0.652"), []string{"break-even-recomputes"}},
		{"rate unrounded", "overhead-measurement", mutate(t, overhead, "0.739", "0.7387"), []string{"break-even-recomputes"}},
		{"total off", "overhead-measurement", mutate(t, overhead, `"total_prefix_tokens": 840`, `"total_prefix_tokens": 940`), []string{"totals-add-up", "break-even-recomputes"}},
		{"unclean without note", "overhead-measurement", mutate(t, overhead, `"ran_cleanly": true,
      "note": ""`, `"ran_cleanly": false,
      "note": ""`), []string{"unclean-runs-say-so"}},
		{"unclean with note", "overhead-measurement", mutate(t, overhead, `"ran_cleanly": true,
      "note": "Tool`, `"ran_cleanly": false,
      "note": "Tool`), nil},
		{"missing break-even entry", "overhead-measurement", mutate(t, overhead, `,
    {
      "harness": "harness B, edit blocks in prose, no tool schemas",
      "required_hit_rate": 0.581
    }`, ""), []string{"break-even-recomputes"}},
		{"step-kind example", "step-kind", mutate(t, kind), nil},
		{"step-kind self graded", "step-kind", mutate(t, kind, `"run_by": "runner"`, `"run_by": "step"`), []string{"verdict-by-runner"}},
		{"step-kind read-only bash", "step-kind", mutate(t, kind, `"read_only": false`, `"read_only": true`, `"edit_by_site"`, `"Bash"`), []string{"read-only-holds-no-writer"}},
		{"grant leak called structural", "grant-audit", []byte(`{declared: {read_only: true, tools: [read_file]}, observed_on_wire: {tool_names: [read_file, shell]}, write_capable_observed: [shell], verdict: structural}`), []string{"verdict-follows-rules"}},
		{"grant leak unmarked", "grant-audit", []byte(`{declared: {read_only: true, tools: [read_file]}, observed_on_wire: {tool_names: [read_file, shell]}, write_capable_observed: [], verdict: structural}`), []string{"writers-marked"}},
		{"grant leak found", "grant-audit", []byte(`{declared: {read_only: true}, observed_on_wire: {tool_names: [shell]}, write_capable_observed: [shell], verdict: write_leak}`), nil},
		{"grant writer on writing kind", "grant-audit", []byte(`{declared: {read_only: false}, observed_on_wire: {tool_names: [shell]}, write_capable_observed: [shell], verdict: structural}`), nil},
		{"patch two reasks", "patch-check", []byte(`{rejected: [], reasks: 2}`), []string{"one-reask"}},
		{"patch bare rejection", "patch-check", []byte(`{rejected: [{field: x, reason: unknown, legal_options: []}], reasks: 0}`), []string{"rejections-name-options"}},
		{"patch ok", "patch-check", []byte(`{rejected: [{field: x, reason: unknown, legal_options: [y]}], reasks: 1}`), nil},
		{"revision used more than fetched", "packet-revision", []byte(`{pulls: [{fetched_in_runs: 3, used_in_output_runs: 3}, {fetched_in_runs: 2, used_in_output_runs: 5}]}`), []string{"counts-bounded"}},
		{"revision counts not numbers", "packet-revision", []byte(`{pulls: [{fetched_in_runs: "3", used_in_output_runs: 1}]}`), []string{"counts-bounded"}},
		{"revision ok", "packet-revision", []byte(`{pulls: [{fetched_in_runs: 3, used_in_output_runs: 0}]}`), nil},
		{"refusal without rewrite", "refusal-review", []byte(`{refusals: [{message: no, names_legal_set: false, rewrite: ""}]}`), []string{"bare-refusals-rewritten"}},
		{"refusal rewritten", "refusal-review", []byte(`{refusals: [{message: no, names_legal_set: false, rewrite: "legal: a, b"}, {message: "use a", names_legal_set: true, rewrite: ""}]}`), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			suite, err := LoadSuiteFile(checks.FS, tt.suite+".yaml")
			if err != nil {
				t.Fatal(err)
			}
			got := FailedChecks(suite, parseOne(t, "record.yaml", tt.data))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("failed = %v, want %v", got, tt.want)
			}
		})
	}
}
