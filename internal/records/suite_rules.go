package records

import (
	"sort"
	"strings"
)

// maxRuleDepth bounds nested when/each rules in a suite.
const maxRuleDepth = 32

// ruleKeys lists, per rule kind, the keys it takes (besides "rule") and
// which of them are required.
var ruleKeys = map[string]struct{ legal, required []string }{
	"pattern_present": {[]string{"path", "pattern"}, []string{"path", "pattern"}},
	"pattern_absent":  {[]string{"path", "pattern"}, []string{"path", "pattern"}},
	"each_has":        {[]string{"path", "min", "fields"}, []string{"path"}},
	"enum":            {[]string{"path", "values"}, []string{"path", "values"}},
	"present":         {[]string{"path"}, []string{"path"}},
	"when":            {[]string{"if", "then"}, []string{"if", "then"}},
	"each":            {[]string{"path", "then"}, []string{"path", "then"}},
	"compare":         {[]string{"path", "op", "value", "than"}, []string{"path", "op"}},
	"sum":             {[]string{"path", "of"}, []string{"path", "of"}},
	"computed":        {[]string{"name"}, []string{"name"}},
}

// RuleKinds returns the rule kinds the engine understands, sorted.
func RuleKinds() []string {
	kinds := make([]string, 0, len(ruleKeys))
	for k := range ruleKeys {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	return kinds
}

var compareOps = []string{"<", "<=", "==", "!=", ">=", ">"}

func (p *suiteParser) rule(v *Value, depth int) (*Rule, error) {
	if depth > maxRuleDepth {
		return nil, p.errorf(v.Pos, "rules nest deeper than %d levels", maxRuleDepth)
	}
	if v.Kind != KindMap || v.Get("rule") == nil || v.Get("rule").Kind != KindString {
		return nil, p.errorf(v.Pos, "a rule must be a mapping with a \"rule\" key naming its kind (%s)", strings.Join(RuleKinds(), ", "))
	}
	kind := v.Get("rule").Str
	spec, ok := ruleKeys[kind]
	if !ok {
		return nil, p.errorf(v.Get("rule").Pos, "unknown rule %q (legal: %s)", kind, strings.Join(RuleKinds(), ", "))
	}
	if err := p.keys(v, "rule "+kind, append([]string{"rule"}, spec.legal...), spec.required); err != nil {
		return nil, err
	}
	r := &Rule{Kind: kind, Pos: v.Pos}
	return r, p.ruleBody(r, v, depth)
}

func (p *suiteParser) ruleBody(r *Rule, v *Value, depth int) error {
	if err := p.rulePath(r, v); err != nil {
		return err
	}
	switch r.Kind {
	case "pattern_present", "pattern_absent":
		return p.pattern(r, v)
	case "each_has":
		return p.eachHas(r, v)
	case "enum":
		return p.enumValues(r, v)
	case "when":
		return p.when(r, v, depth)
	case "each":
		return p.then(r, v, depth)
	case "compare":
		return p.compare(r, v)
	case "sum":
		return p.sum(r, v)
	case "computed":
		return p.computed(r, v)
	}
	return nil
}

func (p *suiteParser) rulePath(r *Rule, v *Value) error {
	if v.Get("path") == nil {
		return nil
	}
	var err error
	r.Path, err = p.path(v.Get("path"))
	return err
}

// path parses a dotted path. Segments are mapping keys; a list met on the
// way applies the rest of the path to every element.
func (p *suiteParser) path(v *Value) (dotPath, error) {
	if v.Kind != KindString || v.Str == "" {
		return dotPath{}, p.errorf(v.Pos, "a path must be a non-empty dotted string, not %s", v.Describe())
	}
	segs := strings.Split(v.Str, ".")
	for _, s := range segs {
		if s == "" {
			return dotPath{}, p.errorf(v.Pos, "path %q has an empty segment", v.Str)
		}
	}
	return dotPath{text: v.Str, segs: segs}, nil
}

func (p *suiteParser) pattern(r *Rule, v *Value) error {
	pv := v.Get("pattern")
	if pv.Kind != KindString {
		return p.errorf(pv.Pos, "pattern must be a string, not %s", pv.Describe())
	}
	re, err := CompilePattern(pv.Str)
	if err != nil {
		return p.errorf(pv.Pos, "%v", err)
	}
	r.Pattern, r.PatternText = re, pv.Str
	return nil
}

func (p *suiteParser) eachHas(r *Rule, v *Value) error {
	if m := v.Get("min"); m != nil {
		n, ok := smallInt(m)
		if !ok || n < 0 {
			return p.errorf(m.Pos, "min must be a non-negative integer, not %s", m.Describe())
		}
		r.Min = n
	}
	fields, err := p.stringList(v.Get("fields"), "fields")
	r.Fields = fields
	return err
}

func (p *suiteParser) stringList(v *Value, what string) ([]string, error) {
	if v == nil {
		return nil, nil
	}
	if v.Kind != KindList {
		return nil, p.errorf(v.Pos, "%s must be a list of strings", what)
	}
	out := make([]string, 0, len(v.Items))
	for _, it := range v.Items {
		if it.Kind != KindString || it.Str == "" {
			return nil, p.errorf(it.Pos, "%s must be a list of non-empty strings, not %s", what, it.Describe())
		}
		out = append(out, it.Str)
	}
	return out, nil
}

func (p *suiteParser) enumValues(r *Rule, v *Value) error {
	vals := v.Get("values")
	if vals.Kind != KindList || len(vals.Items) == 0 {
		return p.errorf(vals.Pos, "values must be a non-empty list")
	}
	r.Values = vals.Items
	return nil
}

func (p *suiteParser) when(r *Rule, v *Value, depth int) error {
	cond := v.Get("if")
	r.If = &Condition{}
	var err error
	if cond.Kind == KindMap && cond.Get("rule") != nil {
		r.If.Rule, err = p.rule(cond, depth+1)
	} else {
		err = p.equalsCondition(r.If, cond)
	}
	if err != nil {
		return err
	}
	return p.then(r, v, depth)
}

func (p *suiteParser) equalsCondition(c *Condition, v *Value) error {
	if err := p.keys(v, "an if", []string{"path", "equals"}, []string{"path", "equals"}); err != nil {
		return err
	}
	var err error
	c.Path, err = p.path(v.Get("path"))
	c.Equals = v.Get("equals")
	return err
}

func (p *suiteParser) then(r *Rule, v *Value, depth int) error {
	var err error
	r.Then, err = p.rule(v.Get("then"), depth+1)
	return err
}

func (p *suiteParser) compare(r *Rule, v *Value) error {
	op := v.Get("op")
	if op.Kind != KindString || !contains(compareOps, op.Str) {
		return p.errorf(op.Pos, "op must be one of %s", strings.Join(compareOps, " "))
	}
	r.Op = op.Str
	value, than := v.Get("value"), v.Get("than")
	if (value == nil) == (than == nil) {
		return p.errorf(v.Pos, "compare takes exactly one of \"value\" (a number) or \"than\" (a path)")
	}
	if value != nil {
		if value.Kind != KindNumber {
			return p.errorf(value.Pos, "value must be a number, not %s", value.Describe())
		}
		r.Value = value
		return nil
	}
	var err error
	r.Than, err = p.path(than)
	return err
}

func (p *suiteParser) sum(r *Rule, v *Value) error {
	of := v.Get("of")
	if of.Kind != KindList || len(of.Items) == 0 {
		return p.errorf(of.Pos, "of must be a non-empty list of paths")
	}
	for _, item := range of.Items {
		pth, err := p.path(item)
		if err != nil {
			return err
		}
		r.Of = append(r.Of, pth)
	}
	return nil
}

func (p *suiteParser) computed(r *Rule, v *Value) error {
	name := v.Get("name")
	if name.Kind != KindString || computedChecks[name.Str].run == nil {
		return p.errorf(name.Pos, "unknown computed check %s (legal: %s)", name.Describe(), strings.Join(ComputedNames(), ", "))
	}
	r.Name = name.Str
	return nil
}

// smallInt reads an integer value that fits an int.
func smallInt(v *Value) (int, bool) {
	if v.Kind != KindNumber || !v.Num.IsInt() {
		return 0, false
	}
	n := v.Num.Num()
	if !n.IsInt64() || n.Int64() > 1<<31 || n.Int64() < -(1<<31) {
		return 0, false
	}
	return int(n.Int64()), true
}
