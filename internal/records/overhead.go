package records

import (
	"fmt"
	"math/big"
)

// overheadBreakEven recomputes every break_even entry of an overhead
// measurement from the overhead model: required_hit_rate must equal
// round((k-1)P/(kP+C), 3), with P the configuration's total_prefix_tokens,
// C slicing.content_tokens and k slicing.slices.
func overheadBreakEven(root *Value) []finding {
	content, f1 := single(dotPath{"slicing.content_tokens", []string{"slicing", "content_tokens"}}, root)
	slices, f2 := single(dotPath{"slicing.slices", []string{"slicing", "slices"}}, root)
	if f := firstProblem(f1, f2); f != nil {
		return []finding{*f}
	}
	configs, entries := root.Get("configurations"), root.Get("break_even")
	if configs == nil || configs.Kind != KindList || entries == nil || entries.Kind != KindList {
		return []finding{{root.Pos, "configurations and break_even must both be lists"}}
	}
	if len(configs.Items) != len(entries.Items) {
		return []finding{{entries.Pos, fmt.Sprintf("break_even has %d entries for %d configurations", len(entries.Items), len(configs.Items))}}
	}
	var out []finding
	for i, entry := range entries.Items {
		cfg := configFor(entry, i, configs.Items)
		out = append(out, checkRate(entry, cfg, content, slices, i)...)
	}
	return out
}

func firstProblem(fs ...*finding) *finding {
	for _, f := range fs {
		if f != nil {
			return f
		}
	}
	return nil
}

// configFor finds the configuration a break_even entry is about: the one
// whose "harness, configuration" label the entry's harness names, as in the
// pack's example, or else the one at the same index.
func configFor(entry *Value, i int, configs []*Value) *Value {
	if label := entry.Get("harness"); label != nil && label.Kind == KindString {
		for _, c := range configs {
			if configLabel(c) == label.Str {
				return c
			}
		}
	}
	return configs[i]
}

func configLabel(c *Value) string {
	h, cfg := c.Get("harness"), c.Get("configuration")
	if h == nil || cfg == nil || h.Kind != KindString || cfg.Kind != KindString {
		return ""
	}
	return h.Str + ", " + cfg.Str
}

func checkRate(entry, cfg *Value, content, slices *big.Rat, i int) []finding {
	where := fmt.Sprintf("break_even[%d]", i)
	prefix, f1 := single(dotPath{"total_prefix_tokens", []string{"total_prefix_tokens"}}, cfg)
	rate, f2 := single(dotPath{"required_hit_rate", []string{"required_hit_rate"}}, entry)
	if f := firstProblem(f1, f2); f != nil {
		return []finding{{f.pos, where + ": " + f.detail}}
	}
	model, ok := modelOf(prefix, content, slices)
	if !ok {
		return []finding{{entry.Pos, where + ": prefix, content and slices must be whole numbers the model covers"}}
	}
	accepted, err := model.Accepts(rate)
	if err != nil {
		return []finding{{entry.Pos, fmt.Sprintf("%s: %v", where, err)}}
	}
	if !accepted {
		want, _, _ := model.Rounded()
		got := entry.Get("required_hit_rate")
		return []finding{{got.Pos, fmt.Sprintf("%s.required_hit_rate is %s; (k-1)P/(kP+C) with P=%d, C=%d, k=%d gives %s", where, got.Str, model.Prefix, model.Content, model.Slices, FormatRate(want))}}
	}
	return nil
}

func modelOf(prefix, content, slices *big.Rat) (BreakEven, bool) {
	p, ok1 := ratInt64(prefix)
	c, ok2 := ratInt64(content)
	k, ok3 := ratInt64(slices)
	return BreakEven{Prefix: p, Content: c, Slices: k}, ok1 && ok2 && ok3
}

func ratInt64(r *big.Rat) (int64, bool) {
	if !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	n := r.Num().Int64()
	return n, n <= 1<<40 && n >= -(1<<40)
}
