package records

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"

	"github.com/storygate/storygate/internal/diag"
)

// Suite is a named list of checks loaded from a YAML file.
type Suite struct {
	// Name identifies the suite (its "suite" key).
	Name string
	// Description says what the suite is for.
	Description string
	// File is where the suite was loaded from.
	File string
	// Checks run in file order.
	Checks []Check
}

// Check is one entry of a suite: a rule, the ID reported when it fails and
// the reason shown with it.
type Check struct {
	ID       string
	Why      string
	Severity diag.Severity
	Rule     *Rule
}

// Rule is one node of the rule language. Kind selects which fields apply.
type Rule struct {
	Kind string
	Pos  diag.Pos
	// Path is the dotted path the rule reads.
	Path dotPath
	// Pattern is the compiled pattern of pattern_present and pattern_absent.
	Pattern     *regexp.Regexp
	PatternText string
	// Min and Fields belong to each_has.
	Min    int
	Fields []string
	// Values belong to enum.
	Values []*Value
	// If and Then belong to when; Then also to each.
	If   *Condition
	Then *Rule
	// Op, Than and Value belong to compare.
	Op    string
	Than  dotPath
	Value *Value
	// Of belongs to sum.
	Of []dotPath
	// Name belongs to computed.
	Name string
}

// Condition is the "if" of a when rule: either a path that must equal a
// value, or (a storygate extension) a rule that must pass.
type Condition struct {
	Path   dotPath
	Equals *Value
	Rule   *Rule
}

// dotPath is a parsed dotted path.
type dotPath struct {
	text string
	segs []string
}

// SuiteError is a problem in a suite file, with its position.
type SuiteError struct {
	File string
	Pos  diag.Pos
	Msg  string
}

// Error prints the problem the way compilers do.
func (e *SuiteError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, max(e.Pos.Line, 1), max(e.Pos.Column, 1), e.Msg)
}

// LoadSuiteFile reads and parses a suite from fsys.
func LoadSuiteFile(fsys fs.FS, name string) (*Suite, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("read suite: %w", err)
	}
	return ParseSuite(name, data)
}

// ParseSuite parses a suite from YAML (or JSON) text.
func ParseSuite(file string, data []byte) (*Suite, error) {
	recs, problems := Parse(file, data)
	if len(problems) > 0 {
		d := problems[0]
		return nil, &SuiteError{file, diag.Pos{Line: d.Line, Column: d.Column}, d.Message}
	}
	if len(recs) != 1 {
		return nil, &SuiteError{file, diag.Pos{}, "a suite file holds exactly one YAML document"}
	}
	p := &suiteParser{file: file}
	return p.suite(recs[0].Root)
}

type suiteParser struct{ file string }

func (p *suiteParser) errorf(pos diag.Pos, format string, args ...any) error {
	return &SuiteError{p.file, pos, fmt.Sprintf(format, args...)}
}

func (p *suiteParser) suite(v *Value) (*Suite, error) {
	if err := p.keys(v, "suite", []string{"suite", "description", "checks"}, []string{"checks"}); err != nil {
		return nil, err
	}
	s := &Suite{File: p.file}
	var err error
	if s.Name, err = p.optString(v, "suite"); err != nil {
		return nil, err
	}
	if s.Description, err = p.optString(v, "description"); err != nil {
		return nil, err
	}
	s.Checks, err = p.checks(v.Get("checks"))
	return s, err
}

func (p *suiteParser) checks(v *Value) ([]Check, error) {
	if v.Kind != KindList || len(v.Items) == 0 {
		return nil, p.errorf(v.Pos, "checks must be a non-empty list")
	}
	seen := map[string]bool{}
	out := make([]Check, 0, len(v.Items))
	for _, item := range v.Items {
		c, err := p.check(item)
		if err != nil {
			return nil, err
		}
		if seen[c.ID] {
			return nil, p.errorf(item.Pos, "check id %q is used twice", c.ID)
		}
		seen[c.ID] = true
		out = append(out, c)
	}
	return out, nil
}

func (p *suiteParser) check(v *Value) (Check, error) {
	if err := p.keys(v, "a check", []string{"id", "rule", "why", "severity"}, []string{"id", "rule", "why"}); err != nil {
		return Check{}, err
	}
	c := Check{}
	var err error
	if c.ID, err = p.reqString(v, "id"); err != nil {
		return c, err
	}
	if c.Why, err = p.reqString(v, "why"); err != nil {
		return c, err
	}
	if c.Severity, err = p.severity(v); err != nil {
		return c, err
	}
	c.Rule, err = p.rule(v.Get("rule"), 0)
	return c, err
}

func (p *suiteParser) severity(v *Value) (diag.Severity, error) {
	name, err := p.optString(v, "severity")
	if err != nil || name == "" {
		return diag.SeverityError, err
	}
	sev, err := diag.ParseSeverity(name)
	if err != nil {
		return sev, p.errorf(v.Get("severity").Pos, "%v", err)
	}
	return sev, nil
}

// keys checks that v is a mapping holding every required key and no key
// outside legal, naming the legal keys when it does not.
func (p *suiteParser) keys(v *Value, what string, legal, required []string) error {
	if v.Kind != KindMap {
		return p.errorf(v.Pos, "%s must be a mapping, not %s", what, v.Describe())
	}
	for _, f := range v.Fields {
		if !contains(legal, f.Key) {
			return p.errorf(f.KeyPos, "unknown key %q in %s (legal: %s)", f.Key, what, strings.Join(legal, ", "))
		}
	}
	for _, k := range required {
		if v.Get(k) == nil {
			return p.errorf(v.Pos, "%s lacks %q", what, k)
		}
	}
	return nil
}

func (p *suiteParser) reqString(v *Value, key string) (string, error) {
	s, err := p.optString(v, key)
	if err == nil && strings.TrimSpace(s) == "" {
		err = p.errorf(v.Pos, "%q must be a non-empty string", key)
	}
	return s, err
}

func (p *suiteParser) optString(v *Value, key string) (string, error) {
	f := v.Get(key)
	if f == nil {
		return "", nil
	}
	if f.Kind != KindString {
		return "", p.errorf(f.Pos, "%q must be a string, not %s", key, f.Describe())
	}
	return f.Str, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
