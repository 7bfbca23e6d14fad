package records

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/storygate/storygate/checks"
	"github.com/storygate/storygate/internal/diag"
)

var tie0 = diag.Pos{}

func mustReadBytes(t *testing.T, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func mustSuite(t *testing.T, rule string) *Suite {
	t.Helper()
	s, err := ParseSuite("suite.yaml", []byte("checks:\n  - id: c\n    why: because\n    rule: "+rule+"\n"))
	if err != nil {
		t.Fatalf("suite: %v", err)
	}
	return s
}

// TestRuleSemantics pins the reading of the rule language documented in
// docs/records.md, one case per edge.
func TestRuleSemantics(t *testing.T) {
	tests := []struct {
		name, rule, record string
		fails              bool
	}{
		{"present value", `{rule: present, path: a}`, `{a: 0}`, false},
		{"present false", `{rule: present, path: a}`, `{a: false}`, false},
		{"present absent", `{rule: present, path: a}`, `{b: 1}`, true},
		{"present null", `{rule: present, path: a}`, `{a: null}`, true},
		{"present empty string", `{rule: present, path: a}`, `{a: ""}`, true},
		{"present blank string", `{rule: present, path: a}`, `{a: "  "}`, true},
		{"present empty list", `{rule: present, path: a}`, `{a: []}`, true},
		{"present empty map", `{rule: present, path: a}`, `{a: {}}`, true},
		{"present through list", `{rule: present, path: a.b}`, `{a: [{b: 1}, {c: 2}]}`, true},
		{"present through empty list", `{rule: present, path: a.b}`, `{a: []}`, false},
		{"present through scalar", `{rule: present, path: a.b}`, `{a: 3}`, true},
		{"pattern_present nested leaf", `{rule: pattern_present, path: a, pattern: "^x$"}`, `{a: [{n: y}, {n: x}]}`, false},
		{"pattern_present none", `{rule: pattern_present, path: a, pattern: "^x$"}`, `{a: [{n: y}]}`, true},
		{"pattern_present absent", `{rule: pattern_present, path: a, pattern: "x"}`, `{}`, true},
		{"pattern_present ignores numbers", `{rule: pattern_present, path: a, pattern: "^1$"}`, `{a: 1}`, true},
		{"pattern_present ignores keys", `{rule: pattern_present, path: a, pattern: "^k$"}`, `{a: {k: v}}`, true},
		{"pattern_absent absent", `{rule: pattern_absent, path: a, pattern: "x"}`, `{}`, false},
		{"pattern_absent deep", `{rule: pattern_absent, path: a, pattern: "x"}`, `{a: {b: [[{c: x}]]}}`, true},
		{"dollar before final newline", `{rule: pattern_absent, path: a, pattern: "(?i)^model$"}`, "{a: \"Model\\n\"}", true},
		{"dollar not before inner newline", `{rule: pattern_absent, path: a, pattern: "^model$"}`, "{a: \"model\\nx\"}", false},
		{"each_has min", `{rule: each_has, path: a, min: 2, fields: [f]}`, `{a: [{f: 1}]}`, true},
		{"each_has empty field", `{rule: each_has, path: a, min: 1, fields: [f]}`, `{a: [{f: []}]}`, true},
		{"each_has non-map item", `{rule: each_has, path: a, min: 1, fields: [f]}`, `{a: [x]}`, true},
		{"each_has single map", `{rule: each_has, path: a, min: 1, fields: [f]}`, `{a: {f: 1}}`, false},
		{"each_has absent min 0", `{rule: each_has, path: a, min: 0, fields: [f]}`, `{}`, false},
		{"each_has absent min 1", `{rule: each_has, path: a, min: 1}`, `{}`, true},
		{"enum typed", `{rule: enum, path: a, values: [false]}`, `{a: "false"}`, true},
		{"enum ok", `{rule: enum, path: a, values: [false]}`, `{a: false}`, false},
		{"enum absent", `{rule: enum, path: a, values: [x]}`, `{}`, true},
		{"enum list elements", `{rule: enum, path: a, values: [x, y]}`, `{a: [x, y, z]}`, true},
		{"enum number value", `{rule: enum, path: a, values: [1]}`, `{a: 1.0}`, false},
		{"when false skips", `{rule: when, if: {path: r, equals: true}, then: {rule: present, path: z}}`, `{r: false}`, false},
		{"when true applies", `{rule: when, if: {path: r, equals: true}, then: {rule: present, path: z}}`, `{r: true}`, true},
		{"when string not bool", `{rule: when, if: {path: r, equals: true}, then: {rule: present, path: z}}`, `{r: "true"}`, false},
		{"when null matches absent", `{rule: when, if: {path: s.t, equals: null}, then: {rule: present, path: z}}`, `{s: {}}`, true},
		{"when null matches null", `{rule: when, if: {path: s.t, equals: null}, then: {rule: present, path: z}}`, `{s: {t: null}}`, true},
		{"when null not zero", `{rule: when, if: {path: s.t, equals: null}, then: {rule: present, path: z}}`, `{s: {t: 0}}`, false},
		{"when rule condition", `{rule: when, if: {rule: present, path: w}, then: {rule: enum, path: v, values: [ok]}}`, `{w: [x], v: no}`, true},
		{"each scoped", `{rule: each, path: a, then: {rule: when, if: {path: c, equals: false}, then: {rule: present, path: n}}}`, `{a: [{c: true, n: ""}, {c: false, n: "why"}]}`, false},
		{"each scoped fails", `{rule: each, path: a, then: {rule: when, if: {path: c, equals: false}, then: {rule: present, path: n}}}`, `{a: [{c: true, n: "x"}, {c: false, n: ""}]}`, true},
		{"compare value", `{rule: compare, path: n, op: "<=", value: 1}`, `{n: 2}`, true},
		{"compare than", `{rule: compare, path: a, op: "<=", than: b}`, `{a: 2, b: 2}`, false},
		{"compare non-number", `{rule: compare, path: a, op: "<", value: 3}`, `{a: "1"}`, true},
		{"sum ok", `{rule: sum, path: t, of: [a, b]}`, `{t: 5, a: 2, b: 3}`, false},
		{"sum off", `{rule: sum, path: t, of: [a, b]}`, `{t: 6, a: 2, b: 3}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FailedChecks(mustSuite(t, tt.rule), parseOne(t, "r.yaml", []byte(tt.record)))
			if (len(got) > 0) != tt.fails {
				t.Errorf("fails = %v, want %v", len(got) > 0, tt.fails)
			}
		})
	}
}

// TestSuiteErrors checks that a malformed suite is refused with a position
// and a message naming what is legal.
func TestSuiteErrors(t *testing.T) {
	tests := []struct{ name, suite, want string }{
		{"unknown rule", "checks: [{id: a, why: b, rule: {rule: regex, path: x}}]", `unknown rule "regex" (legal:`},
		{"unknown key", "checks: [{id: a, why: b, rule: {rule: present, path: x, paht: y}}]", `unknown key "paht"`},
		{"missing why", "checks: [{id: a, rule: {rule: present, path: x}}]", `lacks "why"`},
		{"bad pattern", `checks: [{id: a, why: b, rule: {rule: pattern_absent, path: x, pattern: "(?=x)"}}]`, "not supported"},
		{"duplicate id", "checks: [{id: a, why: b, rule: {rule: present, path: x}}, {id: a, why: b, rule: {rule: present, path: x}}]", "used twice"},
		{"empty path segment", "checks: [{id: a, why: b, rule: {rule: present, path: a..b}}]", "empty segment"},
		{"negative min", "checks: [{id: a, why: b, rule: {rule: each_has, path: a, min: -1}}]", "min must be"},
		{"unknown computed", "checks: [{id: a, why: b, rule: {rule: computed, name: x}}]", "unknown computed"},
		{"no checks", "suite: x", `lacks "checks"`},
		{"top-level list", "- a", "must be a mapping"},
		{"bad severity", "checks: [{id: a, why: b, severity: fatal, rule: {rule: present, path: x}}]", "unknown severity"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSuite("s.yaml", []byte(tt.suite))
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "s.yaml:") {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestTranslatePattern(t *testing.T) {
	tests := []struct {
		pattern, text string
		match         bool
	}{
		{`(?i)^model$`, "MODEL", true},
		{`^model$`, "model\n", true},
		{`^model$`, "model\n\n", false},
		{`^model\Z`, "model\n", false},
		{`[$]`, "$", true},
		{`^a{,2}$`, "aa", true},
		{`^a{,2}$`, "aaa", false},
		{`^\d+$`, "١٢", true},
		{`^\w+$`, "größe", true},
		{`^\s$`, "\u00a0", true},
		{`(?i)\b(transcript)\b`, "the Transcript.", true},
		{`(?i)\b(transcript)\b`, "transcripts", false},
		{`[\d]`, "٣", true},
	}
	for _, tt := range tests {
		re, err := CompilePattern(tt.pattern)
		if err != nil {
			t.Fatalf("%s: %v", tt.pattern, err)
		}
		if got := re.MatchString(tt.text); got != tt.match {
			t.Errorf("%s on %q = %v (RE2 %s)", tt.pattern, tt.text, got, TranslatePattern(tt.pattern))
		}
	}
}

func TestBreakEven(t *testing.T) {
	tests := []struct {
		p, c, k int64
		want    string
	}{
		{8200, 500, 4, "0.739"}, {840, 500, 4, "0.653"}, {430, 500, 4, "0.581"},
		{100, 0, 4, "0.750"}, {0, 500, 4, "0.000"}, {1, 0, 1, "0.000"},
		{1, 15, 2, "0.059"},   // 1/17 = 0.0588…
		{1, 1998, 2, "0.001"}, // 1/2000 = 0.0005 exactly: a tie, rounded up
	}
	for _, tt := range tests {
		b := BreakEven{tt.p, tt.c, tt.k}
		r, _, err := b.Rounded()
		if err != nil || FormatRate(r) != tt.want {
			t.Errorf("%+v = %v, %v; want %s", b, r, err, tt.want)
		}
	}
	tie := BreakEven{1, 1998, 2}
	for _, lit := range []string{"0", "0.001"} {
		v, _ := numberValue(lit, tie0)
		if ok, _ := tie.Accepts(v.Num); !ok {
			t.Errorf("a tie should accept %s", lit)
		}
	}
	if _, _, err := (BreakEven{0, 0, 4}).Rounded(); err == nil {
		t.Error("kP + C = 0 must be refused")
	}
}

func TestMatchGlob(t *testing.T) {
	tests := []struct {
		glob, name string
		want       bool
	}{
		{"records/**/*.json", "records/a.json", true},
		{"records/**/*.json", "records/x/y/a.json", true},
		{"records/**/*.json", "other/a.json", false},
		{"**/packet-*.yaml", "a/b/packet-1.yaml", true},
		{"*.json", "a/b.json", false},
		{"[", "[", false},
	}
	for _, tt := range tests {
		if got := MatchGlob(tt.glob, tt.name); got != tt.want {
			t.Errorf("MatchGlob(%q, %q) = %v", tt.glob, tt.name, got)
		}
	}
}

// TestRunMappings runs mappings over an in-memory repository.
func TestRunMappings(t *testing.T) {
	repo := fstest.MapFS{
		"runs/p1.json":     {Data: []byte(`{"grant": {"ask": true}}`)},
		"runs/ok.yaml":     {Data: mustReadBytes(t, "testdata/golden/good-repair.json")},
		"elsewhere/p.json": {Data: []byte(`{}`)},
		"suites/mine.yaml": {Data: []byte("checks: [{id: asks, why: no asking, rule: {rule: enum, path: grant.ask, values: [false]}}]")},
	}
	lib := Library{Repo: repo, Builtin: checks.FS}
	files := []string{"runs/p1.json", "runs/ok.yaml", "elsewhere/p.json"}
	res, err := RunMappings(lib, []SuiteMapping{{Glob: "runs/*.json", Suite: "suites/mine.yaml"}, {Glob: "runs/*.yaml", Suite: "step-packet", Schema: "template.step-packet"}}, files)
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, d := range res.Diagnostics {
		rules = append(rules, d.File+" "+d.Rule)
	}
	if want := []string{"runs/p1.json asks"}; !reflect.DeepEqual(rules, want) || res.FilesChecked != 2 {
		t.Errorf("got %v (%d files), want %v (2 files)", rules, res.FilesChecked, want)
	}
	if _, err := RunMappings(lib, []SuiteMapping{{Glob: "*", Suite: "missing"}}, files); err == nil {
		t.Error("an unknown suite must be an error")
	}
}
