package records

import (
	"fmt"
	"math/big"
	"sort"
)

// evalArithmetic runs the storygate extensions that compare numbers:
// compare, sum and computed.
func (r *Rule) evalArithmetic(root *Value) []finding {
	switch r.Kind {
	case "compare":
		return r.compare(root)
	case "sum":
		return r.sum(root)
	case "computed":
		return computedChecks[r.Name].run(root)
	}
	return []finding{{root.Pos, fmt.Sprintf("unknown rule %q", r.Kind)}}
}

// number reads a hit as a number, or explains why it is not one.
func number(h hit) (*big.Rat, *finding) {
	if h.v == nil || h.v.Kind != KindNumber {
		return nil, &finding{h.at, fmt.Sprintf("%s is %s, not a number", h.path, h.v.Describe())}
	}
	return h.v.Num, nil
}

// single resolves a path that must reach exactly one number.
func single(p dotPath, root *Value) (*big.Rat, *finding) {
	hits := p.resolve(root)
	if len(hits) != 1 {
		return nil, &finding{firstAt(hits, root), fmt.Sprintf("%s reaches %d values; one number is needed", p.text, len(hits))}
	}
	return number(hits[0])
}

func (r *Rule) compare(root *Value) []finding {
	right, rightText := r.Value.numOrNil(), ""
	if right != nil {
		rightText = r.Value.Str
	} else {
		var f *finding
		if right, f = single(r.Than, root); f != nil {
			return []finding{*f}
		}
		rightText = fmt.Sprintf("%s (%s)", r.Than.text, right.RatString())
	}
	var out []finding
	for _, h := range r.Path.resolve(root) {
		left, f := number(h)
		if f == nil && !compareHolds(left.Cmp(right), r.Op) {
			f = &finding{h.at, fmt.Sprintf("%s is %s; it must be %s %s", h.path, h.v.Str, r.Op, rightText)}
		}
		if f != nil {
			out = append(out, *f)
		}
	}
	return out
}

func (v *Value) numOrNil() *big.Rat {
	if v == nil {
		return nil
	}
	return v.Num
}

func compareHolds(cmp int, op string) bool {
	switch op {
	case "<":
		return cmp < 0
	case "<=":
		return cmp <= 0
	case "==":
		return cmp == 0
	case "!=":
		return cmp != 0
	case ">=":
		return cmp >= 0
	}
	return cmp > 0
}

func (r *Rule) sum(root *Value) []finding {
	total := new(big.Rat)
	for _, p := range r.Of {
		n, f := single(p, root)
		if f != nil {
			return []finding{*f}
		}
		total.Add(total, n)
	}
	got, f := single(r.Path, root)
	if f != nil {
		return []finding{*f}
	}
	if got.Cmp(total) != 0 {
		at := r.Path.resolve(root)[0].at
		return []finding{{at, fmt.Sprintf("%s is %s but the sum of %s is %s", r.Path.text, got.RatString(), pathTexts(r.Of), total.RatString())}}
	}
	return nil
}

func pathTexts(ps []dotPath) string {
	s := ""
	for i, p := range ps {
		if i > 0 {
			s += " + "
		}
		s += p.text
	}
	return s
}

// computedCheck is a check too specific for the declarative rules, with the
// paths it reads, which a suite's rules cannot name for it (they tell a
// record the suite can judge from one it cannot: see unrelated).
type computedCheck struct {
	run   func(root *Value) []finding
	reads []string
}

// computedChecks are named from suites with {rule: computed, name: ...}.
var computedChecks = map[string]computedCheck{
	"overhead-break-even": {overheadBreakEven, []string{"slicing.content_tokens", "slicing.slices", "configurations", "break_even"}},
}

// ComputedNames lists the computed checks, sorted.
func ComputedNames() []string {
	names := make([]string, 0, len(computedChecks))
	for n := range computedChecks {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
