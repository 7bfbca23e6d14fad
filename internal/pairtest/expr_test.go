package pairtest

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/rhysd/actionlint"
)

// evaluator evaluates GitHub Actions expressions against a job's contexts
// (github, inputs, steps, env, …) and its status so far. Anything the
// harness does not implement is an error, so a workflow using it fails the
// test instead of being interpreted wrongly.
type evaluator struct {
	contexts map[string]any
	// failed is the job's status for success()/failure().
	failed bool
}

// interpolate replaces every ${{ … }} in s with its value as a string.
func (e *evaluator) interpolate(s string) (string, error) {
	var out strings.Builder
	for {
		i := strings.Index(s, "${{")
		if i < 0 {
			out.WriteString(s)
			return out.String(), nil
		}
		out.WriteString(s[:i])
		v, rest, err := e.evalTemplate(s[i+3:])
		if err != nil {
			return "", fmt.Errorf("evaluate %q: %w", s, err)
		}
		str, err := toString(v)
		if err != nil {
			return "", fmt.Errorf("interpolate %q: %w", s, err)
		}
		out.WriteString(str)
		s = rest
	}
}

// evalTemplate parses the expression at the start of src (ended by }}) and
// returns its value and what follows the }}.
func (e *evaluator) evalTemplate(src string) (any, string, error) {
	lexer := actionlint.NewExprLexer(src)
	node, perr := actionlint.NewExprParser().Parse(lexer)
	if perr != nil {
		return nil, "", fmt.Errorf("parse: %s", perr.Message)
	}
	v, err := e.eval(node)
	return v, src[lexer.Offset():], err
}

// condition evaluates an if: the expression with or without ${{ }}, and,
// as GitHub does, success() && (…) unless it calls a status function.
func (e *evaluator) condition(cond string) (bool, error) {
	cond = strings.TrimSpace(cond)
	if cond == "" {
		cond = "success()"
	}
	if body, ok := strings.CutPrefix(cond, "${{"); ok {
		cond = strings.TrimSuffix(strings.TrimSpace(body), "}}")
	}
	lexer := actionlint.NewExprLexer(cond + "}}")
	node, perr := actionlint.NewExprParser().Parse(lexer)
	if perr != nil {
		return false, fmt.Errorf("parse if %q: %s", cond, perr.Message)
	}
	v, err := e.eval(node)
	if err != nil {
		return false, fmt.Errorf("if %q: %w", cond, err)
	}
	if !callsStatusFunction(node) && e.failed {
		return false, nil
	}
	return truthy(v), nil
}

// callsStatusFunction reports whether the expression calls success(),
// failure(), always() or cancelled().
func callsStatusFunction(n actionlint.ExprNode) bool {
	found := false
	actionlint.VisitExprNode(n, func(node, _ actionlint.ExprNode, entering bool) {
		if f, ok := node.(*actionlint.FuncCallNode); ok && entering && isStatusFunction(f.Callee) {
			found = true
		}
	})
	return found
}

func isStatusFunction(name string) bool {
	switch strings.ToLower(name) {
	case "success", "failure", "always", "cancelled":
		return true
	}
	return false
}

// eval evaluates one node; values are nil, bool, float64, string,
// map[string]any and []any, as decoded from JSON.
func (e *evaluator) eval(n actionlint.ExprNode) (any, error) {
	switch n := n.(type) {
	case *actionlint.NullNode:
		return nil, nil
	case *actionlint.BoolNode:
		return n.Value, nil
	case *actionlint.IntNode:
		return float64(n.Value), nil
	case *actionlint.FloatNode:
		return n.Value, nil
	case *actionlint.StringNode:
		return n.Value, nil
	case *actionlint.VariableNode:
		return e.variable(n.Name)
	case *actionlint.ObjectDerefNode:
		return e.deref(n.Receiver, n.Property)
	case *actionlint.IndexAccessNode:
		return e.index(n)
	case *actionlint.NotOpNode:
		v, err := e.eval(n.Operand)
		return !truthy(v), err
	case *actionlint.LogicalOpNode:
		return e.logical(n)
	case *actionlint.CompareOpNode:
		return e.compare(n)
	case *actionlint.FuncCallNode:
		return e.call(n)
	}
	return nil, fmt.Errorf("the harness does not evaluate %T", n)
}

// variable looks up a context; an unknown one is an error, not null, so
// a typo or a context the harness does not provide is noticed.
func (e *evaluator) variable(name string) (any, error) {
	for k, v := range e.contexts {
		if strings.EqualFold(k, name) {
			return v, nil
		}
	}
	return nil, fmt.Errorf("the harness provides no context %q", name)
}

func (e *evaluator) deref(receiver actionlint.ExprNode, property string) (any, error) {
	v, err := e.eval(receiver)
	if err != nil {
		return nil, err
	}
	return lookupProperty(v, property), nil
}

// lookupProperty is obj.name, case-insensitive as GitHub's contexts are; a
// missing property or a non-object receiver is null.
func lookupProperty(v any, name string) any {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	if p, ok := obj[name]; ok {
		return p
	}
	for k, p := range obj {
		if strings.EqualFold(k, name) {
			return p
		}
	}
	return nil
}

// evalBoth evaluates two operands, left first.
func (e *evaluator) evalBoth(left, right actionlint.ExprNode) (any, any, error) {
	l, err := e.eval(left)
	if err != nil {
		return nil, nil, err
	}
	r, err := e.eval(right)
	return l, r, err
}

func (e *evaluator) index(n *actionlint.IndexAccessNode) (any, error) {
	v, i, err := e.evalBoth(n.Operand, n.Index)
	if err != nil {
		return nil, err
	}
	switch i := i.(type) {
	case string:
		return lookupProperty(v, i), nil
	case float64:
		if arr, ok := v.([]any); ok && i >= 0 && int(i) < len(arr) {
			return arr[int(i)], nil
		}
		return nil, nil
	}
	return nil, fmt.Errorf("the harness does not index with %T", i)
}

// logical returns an operand, as GitHub's && and || do: || the first
// truthy one (else the right), && the first falsy one (else the right).
func (e *evaluator) logical(n *actionlint.LogicalOpNode) (any, error) {
	left, err := e.eval(n.Left)
	if err != nil {
		return nil, err
	}
	switch n.Kind {
	case actionlint.LogicalOpNodeKindOr:
		if truthy(left) {
			return left, nil
		}
	case actionlint.LogicalOpNodeKindAnd:
		if !truthy(left) {
			return left, nil
		}
	default:
		return nil, fmt.Errorf("the harness does not evaluate operator %s", n.Kind)
	}
	return e.eval(n.Right)
}

func (e *evaluator) compare(n *actionlint.CompareOpNode) (any, error) {
	left, right, err := e.evalBoth(n.Left, n.Right)
	if err != nil {
		return nil, err
	}
	return compareValues(n.Kind, left, right)
}

// compareValues follows GitHub's loose comparison: strings compare
// case-insensitively, other mixed types as numbers.
func compareValues(kind actionlint.CompareOpNodeKind, left, right any) (bool, error) {
	if isObject(left) || isObject(right) {
		return false, fmt.Errorf("the harness does not compare objects or arrays")
	}
	ls, lok := left.(string)
	rs, rok := right.(string)
	if lok && rok {
		return ordered(kind, strings.Compare(strings.ToLower(ls), strings.ToLower(rs)))
	}
	l, r := toNumber(left), toNumber(right)
	if math.IsNaN(l) || math.IsNaN(r) {
		return kind == actionlint.CompareOpNodeKindNotEq, nil
	}
	switch {
	case l < r:
		return ordered(kind, -1)
	case l > r:
		return ordered(kind, 1)
	}
	return ordered(kind, 0)
}

func ordered(kind actionlint.CompareOpNodeKind, c int) (bool, error) {
	switch kind {
	case actionlint.CompareOpNodeKindEq:
		return c == 0, nil
	case actionlint.CompareOpNodeKindNotEq:
		return c != 0, nil
	case actionlint.CompareOpNodeKindLess:
		return c < 0, nil
	case actionlint.CompareOpNodeKindLessEq:
		return c <= 0, nil
	case actionlint.CompareOpNodeKindGreater:
		return c > 0, nil
	case actionlint.CompareOpNodeKindGreaterEq:
		return c >= 0, nil
	}
	return false, fmt.Errorf("the harness does not evaluate comparison %s", kind)
}

// call evaluates the status functions and contains(); every other
// function is refused.
func (e *evaluator) call(n *actionlint.FuncCallNode) (any, error) {
	if strings.EqualFold(n.Callee, "contains") && len(n.Args) == 2 {
		return e.contains(n.Args[0], n.Args[1])
	}
	if strings.EqualFold(n.Callee, "format") && len(n.Args) >= 1 {
		return e.format(n.Args[0], n.Args[1:])
	}
	if len(n.Args) != 0 {
		return nil, fmt.Errorf("the harness does not evaluate %s() with arguments", n.Callee)
	}
	switch strings.ToLower(n.Callee) {
	case "success":
		return !e.failed, nil
	case "failure":
		return e.failed, nil
	case "always":
		return true, nil
	case "cancelled":
		return false, nil // the harness never cancels a run
	}
	return nil, fmt.Errorf("the harness does not evaluate function %s()", n.Callee)
}

// format is GitHub's format(string, replace0, replace1, ...): {N} is
// the Nth argument as a string, {{ and }} are literal braces; any other
// brace is an error, as GitHub makes it.
func (e *evaluator) format(pattern actionlint.ExprNode, args []actionlint.ExprNode) (any, error) {
	p, err := e.evalString(pattern)
	if err != nil {
		return nil, err
	}
	vals := make([]string, len(args))
	for i, a := range args {
		if vals[i], err = e.evalString(a); err != nil {
			return nil, err
		}
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch {
		case strings.HasPrefix(p[i:], "{{"), strings.HasPrefix(p[i:], "}}"):
			b.WriteByte(p[i])
			i++
		case p[i] == '{':
			end := strings.IndexByte(p[i:], '}')
			n, convErr := strconv.Atoi(p[i+1 : i+max(end, 1)])
			if end < 0 || convErr != nil || n < 0 || n >= len(vals) {
				return nil, fmt.Errorf("format(%q): a brace that is no {N} of its %d arguments", p, len(vals))
			}
			b.WriteString(vals[n])
			i += end
		case p[i] == '}':
			return nil, fmt.Errorf("format(%q): a lone }", p)
		default:
			b.WriteByte(p[i])
		}
	}
	return b.String(), nil
}

// evalString evaluates n and writes its value as GitHub converts it to a
// string.
func (e *evaluator) evalString(n actionlint.ExprNode) (string, error) {
	v, err := e.eval(n)
	if err != nil {
		return "", err
	}
	return toString(v)
}

// contains is GitHub's contains(search, item): a case-insensitive
// substring of a string, or an element of an array.
func (e *evaluator) contains(search, item actionlint.ExprNode) (any, error) {
	s, it, err := e.evalBoth(search, item)
	if err != nil {
		return nil, err
	}
	needle, err := toString(it)
	if err != nil {
		return nil, err
	}
	switch s := s.(type) {
	case []any:
		return slices.ContainsFunc(s, func(v any) bool { eq, _ := compareValues(actionlint.CompareOpNodeKindEq, v, it); return eq }), nil
	case map[string]any:
		return nil, fmt.Errorf("the harness does not evaluate contains() on an object")
	}
	hay, err := toString(s)
	return strings.Contains(strings.ToLower(hay), strings.ToLower(needle)), err
}

func isObject(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// truthy is GitHub's coercion to boolean: false, 0, NaN, "" and null are
// false, everything else true.
func truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case float64:
		return v != 0 && !math.IsNaN(v)
	case string:
		return v != ""
	}
	return true
}

func toNumber(v any) float64 {
	switch v := v.(type) {
	case nil:
		return 0
	case bool:
		if v {
			return 1
		}
		return 0
	case float64:
		return v
	case string:
		if strings.TrimSpace(v) == "" {
			return 0
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return math.NaN()
		}
		return f
	}
	return math.NaN()
}

// toString is how GitHub writes a value into a string: null as empty,
// numbers without a trailing .0, objects as JSON.
func toString(v any) (string, error) {
	switch v := v.(type) {
	case nil:
		return "", nil
	case bool:
		return strconv.FormatBool(v), nil
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	case string:
		return v, nil
	}
	out, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("write %T as a string: %w", v, err)
	}
	return string(out), nil
}
