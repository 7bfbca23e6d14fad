package records

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
)

// finding is one place where a rule does not hold.
type finding struct {
	pos    diag.Pos
	detail string
}

// hit is one value a path reached, or the place where it stopped: v is nil
// when the path is absent, and at is then the container that lacks it.
type hit struct {
	v    *Value
	at   diag.Pos
	path string
}

// resolve walks segs from v. A list met on the way (or at the start)
// applies the rest of the path to each element; the value the last segment
// reaches is returned as it is, lists included.
func resolve(v *Value, segs []string, walked string) []hit {
	if len(segs) == 0 {
		return []hit{{v: v, at: v.Pos, path: walked}}
	}
	switch v.Kind {
	case KindList:
		var hits []hit
		for i, item := range v.Items {
			hits = append(hits, resolve(item, segs, fmt.Sprintf("%s[%d]", walked, i))...)
		}
		return hits
	case KindMap:
		next := joinPath(walked, segs[0])
		if child := v.Get(segs[0]); child != nil {
			return resolve(child, segs[1:], next)
		}
		return []hit{{at: v.Pos, path: joinPath(walked, strings.Join(segs, "."))}}
	}
	return []hit{{at: v.Pos, path: joinPath(walked, strings.Join(segs, "."))}}
}

func joinPath(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

func (p dotPath) resolve(root *Value) []hit { return resolve(root, p.segs, "") }

// eval returns where r does not hold for root; none means it holds.
func (r *Rule) eval(root *Value) []finding {
	switch r.Kind {
	case "pattern_present":
		return r.patternPresent(root)
	case "pattern_absent":
		return r.patternAbsent(root)
	case "each_has":
		return r.eachHas(root)
	case "enum":
		return r.enum(root)
	case "present":
		return r.present(root)
	case "when":
		return r.when(root)
	case "each":
		return r.each(root)
	}
	return r.evalArithmetic(root)
}

// stringLeaves collects every string under v, depth first in document order,
// with the path that reaches it.
func stringLeaves(v *Value, walked string, out []hit) []hit {
	switch v.Kind {
	case KindString:
		return append(out, hit{v: v, at: v.Pos, path: walked})
	case KindList:
		for i, item := range v.Items {
			out = stringLeaves(item, fmt.Sprintf("%s[%d]", walked, i), out)
		}
	case KindMap:
		for _, f := range v.Fields {
			out = stringLeaves(f.Value, joinPath(walked, f.Key), out)
		}
	}
	return out
}

func leavesOf(hits []hit) []hit {
	var leaves []hit
	for _, h := range hits {
		if h.v != nil {
			leaves = stringLeaves(h.v, h.path, leaves)
		}
	}
	return leaves
}

func (r *Rule) patternPresent(root *Value) []finding {
	hits := r.Path.resolve(root)
	for _, leaf := range leavesOf(hits) {
		if r.Pattern.MatchString(leaf.v.Str) {
			return nil
		}
	}
	at := root.Pos
	if len(hits) > 0 {
		at = hits[0].at
	}
	return []finding{{at, fmt.Sprintf("no string under %s matches %s", r.Path.text, r.PatternText)}}
}

func (r *Rule) patternAbsent(root *Value) []finding {
	var out []finding
	for _, leaf := range leavesOf(r.Path.resolve(root)) {
		if r.Pattern.MatchString(leaf.v.Str) {
			out = append(out, finding{leaf.at, fmt.Sprintf("%s = %s matches %s", leaf.path, leaf.v.Describe(), r.PatternText)})
		}
	}
	return out
}

// elements expands the values a path reached: a list stands for its
// elements, anything else for itself. Absent hits are left out.
func elements(hits []hit) []hit {
	var out []hit
	for _, h := range hits {
		if h.v != nil && h.v.Kind == KindList {
			for i, item := range h.v.Items {
				out = append(out, hit{v: item, at: item.Pos, path: fmt.Sprintf("%s[%d]", h.path, i)})
			}
		} else if h.v != nil {
			out = append(out, h)
		}
	}
	return out
}

func (r *Rule) eachHas(root *Value) []finding {
	hits := r.Path.resolve(root)
	items := elements(hits)
	var out []finding
	if len(items) < r.Min {
		out = append(out, finding{firstAt(hits, root), fmt.Sprintf("%s has %d item(s); at least %d required", r.Path.text, len(items), r.Min)})
	}
	for _, it := range items {
		out = append(out, r.itemFields(it)...)
	}
	return out
}

func (r *Rule) itemFields(it hit) []finding {
	if it.v.Kind != KindMap {
		return []finding{{it.at, fmt.Sprintf("%s is %s, not a mapping with %s", it.path, it.v.Describe(), strings.Join(r.Fields, ", "))}}
	}
	var out []finding
	for _, f := range r.Fields {
		if it.v.Get(f).IsEmpty() {
			out = append(out, finding{it.at, fmt.Sprintf("%s lacks %s (absent, null or empty)", it.path, f)})
		}
	}
	return out
}

func firstAt(hits []hit, root *Value) diag.Pos {
	if len(hits) > 0 {
		return hits[0].at
	}
	return root.Pos
}

func (r *Rule) enum(root *Value) []finding {
	var out []finding
	for _, h := range r.Path.resolve(root) {
		if h.v == nil {
			out = append(out, finding{h.at, fmt.Sprintf("%s is absent; expected one of %s", h.path, describeAll(r.Values))})
			continue
		}
		out = append(out, r.enumValue(h)...)
	}
	return out
}

// enumValue tests one reached value; a list that is not itself a legal
// value has each element tested instead.
func (r *Rule) enumValue(h hit) []finding {
	if oneOf(h.v, r.Values) {
		return nil
	}
	if h.v.Kind != KindList {
		return []finding{{h.at, fmt.Sprintf("%s is %s; expected one of %s", h.path, h.v.Describe(), describeAll(r.Values))}}
	}
	var out []finding
	for _, e := range elements([]hit{h}) {
		out = append(out, r.enumValue(e)...)
	}
	return out
}

func oneOf(v *Value, values []*Value) bool {
	for _, x := range values {
		if Equal(v, x) {
			return true
		}
	}
	return false
}

func describeAll(values []*Value) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = v.Describe()
	}
	return strings.Join(parts, ", ")
}

func (r *Rule) present(root *Value) []finding {
	var out []finding
	for _, h := range r.Path.resolve(root) {
		if h.v.IsEmpty() {
			out = append(out, finding{h.at, fmt.Sprintf("%s is %s; it must be present, not null and not empty", h.path, h.v.Describe())})
		}
	}
	return out
}

func (r *Rule) when(root *Value) []finding {
	if !r.If.holds(root) {
		return nil
	}
	return r.Then.eval(root)
}

// holds reports whether the condition is met. An equals condition holds
// when any value the path reaches equals the operand, when a reached list
// holds an element equal to a non-list operand, or, for null, when the
// path is absent: absent and null both mean "no value".
func (c *Condition) holds(root *Value) bool {
	if c.Rule != nil {
		return len(c.Rule.eval(root)) == 0
	}
	for _, h := range c.Path.resolve(root) {
		if h.v == nil {
			if c.Equals.Kind == KindNull {
				return true
			}
			continue
		}
		if Equal(h.v, c.Equals) || (h.v.Kind == KindList && c.Equals.Kind != KindList && oneOf(c.Equals, h.v.Items)) {
			return true
		}
	}
	return false
}

// each applies Then to every element the path reaches, with paths inside
// Then read from that element.
func (r *Rule) each(root *Value) []finding {
	var out []finding
	for _, e := range elements(r.Path.resolve(root)) {
		out = append(out, prefixed(r.Then.eval(e.v), e.path)...)
	}
	return out
}

func prefixed(fs []finding, prefix string) []finding {
	for i := range fs {
		fs[i].detail = prefix + ": " + fs[i].detail
	}
	return fs
}
