package records

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/yamlstrict"
)

// parseYAML decodes every document of a YAML stream, each held to
// storygate's strict subset (yamlstrict): an agent writes these records,
// and a merge key, alias or tag would let the checker and the record's
// other readers see different values. A stream of several documents is
// allowed: every document is a record and every one is checked.
func parseYAML(file string, data []byte) ([]*Value, []diag.Diagnostic) {
	if v := yamlstrict.Breaks(data); v != nil {
		return nil, []diag.Diagnostic{strictDiag(file, v)}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var roots []*Value
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return roots, nil
		}
		if err != nil {
			return roots, []diag.Diagnostic{yamlDiag(file, err)}
		}
		if len(doc.Content) == 0 {
			continue
		}
		if v := yamlstrict.Check(&doc, data); v != nil {
			return roots, []diag.Diagnostic{strictDiag(file, v)}
		}
		v, problem := convertYAML(file, doc.Content[0])
		if problem != nil {
			return roots, []diag.Diagnostic{*problem}
		}
		roots = append(roots, v)
	}
}

// strictDiag positions a refused construct where the parser saw it.
func strictDiag(file string, v *yamlstrict.Violation) diag.Diagnostic {
	return diag.New(RuleParse, diag.SeverityError, file, diag.Pos{Line: v.Line, Column: v.Column}, "%s", v.Message)
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// yamlDiag positions a yaml.v3 error at the line its message names.
func yamlDiag(file string, err error) diag.Diagnostic {
	line := 0
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
	}
	return diag.New(RuleParse, diag.SeverityError, file, diag.Pos{Line: line}, "invalid YAML: %v", err)
}

// yamlConverter turns yaml.Node trees into Values, following aliases while
// counting every node it produces so an alias bomb stops at maxNodes.
type yamlConverter struct {
	file  string
	nodes int
}

// convertYAML converts one document's root node.
func convertYAML(file string, n *yaml.Node) (*Value, *diag.Diagnostic) {
	c := &yamlConverter{file: file}
	v, err := c.convert(n, 0)
	if err != nil {
		var pe *nodeError
		errors.As(err, &pe)
		d := diag.New(pe.rule, diag.SeverityError, file, nodePos(pe.node), "%s", pe.msg)
		return nil, &d
	}
	return v, nil
}

// nodeError is a conversion problem at a node.
type nodeError struct {
	rule string
	node *yaml.Node
	msg  string
}

// Error returns the positioned message.
func (e *nodeError) Error() string { return e.msg }

func nodePos(n *yaml.Node) diag.Pos { return diag.Pos{Line: n.Line, Column: n.Column} }

func (c *yamlConverter) convert(n *yaml.Node, depth int) (*Value, error) {
	if c.nodes++; c.nodes > maxNodes || depth > maxDepth {
		return nil, &nodeError{RuleTooDeep, n, fmt.Sprintf("the record nests deeper than %d levels or expands to more than %d values (aliases count each time they are used)", maxDepth, maxNodes)}
	}
	switch n.Kind {
	case yaml.AliasNode:
		return c.convert(n.Alias, depth+1)
	case yaml.SequenceNode:
		return c.sequence(n, depth)
	case yaml.MappingNode:
		return c.mapping(n, depth)
	case yaml.DocumentNode:
		if len(n.Content) == 1 {
			return c.convert(n.Content[0], depth+1)
		}
	case yaml.ScalarNode:
		return scalarValue(n)
	}
	return nil, &nodeError{RuleParse, n, "unsupported YAML node"}
}

func (c *yamlConverter) sequence(n *yaml.Node, depth int) (*Value, error) {
	v := &Value{Kind: KindList, Pos: nodePos(n)}
	for _, item := range n.Content {
		child, err := c.convert(item, depth+1)
		if err != nil {
			return nil, err
		}
		v.Items = append(v.Items, child)
	}
	return v, nil
}

func (c *yamlConverter) mapping(n *yaml.Node, depth int) (*Value, error) {
	v := &Value{Kind: KindMap, Pos: nodePos(n)}
	for i := 0; i+1 < len(n.Content); i += 2 {
		keyNode := n.Content[i]
		if keyNode.Kind == yaml.AliasNode && keyNode.Alias != nil {
			keyNode = keyNode.Alias
		}
		if keyNode.Kind != yaml.ScalarNode {
			return nil, &nodeError{RuleParse, keyNode, "a mapping key must be a plain value, not a list or mapping"}
		}
		if hasKey(v, keyNode.Value) {
			return nil, &nodeError{RuleDuplicate, keyNode, fmt.Sprintf("key %q appears twice in one mapping; readers disagree on which value counts", keyNode.Value)}
		}
		child, err := c.convert(n.Content[i+1], depth+1)
		if err != nil {
			return nil, err
		}
		v.Fields = append(v.Fields, Field{Key: keyNode.Value, KeyPos: nodePos(keyNode), Value: child})
	}
	return v, nil
}

// scalarValue resolves a scalar by its tag. Tags other than null, bool, int
// and float (timestamps, binary, custom tags) keep their text as a string:
// patterns test what the author wrote.
func scalarValue(n *yaml.Node) (*Value, error) {
	pos := nodePos(n)
	switch n.ShortTag() {
	case "!!null":
		return &Value{Kind: KindNull, Pos: pos}, nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return nil, &nodeError{RuleParse, n, fmt.Sprintf("boolean %q: %v", n.Value, err)}
		}
		return &Value{Kind: KindBool, Bool: b, Pos: pos}, nil
	case "!!int", "!!float":
		return yamlNumber(n)
	}
	return &Value{Kind: KindString, Str: n.Value, Pos: pos}, nil
}

// yamlNumber canonicalizes YAML number spellings (0x1F, 1_000, 1e3) to a
// decimal literal with an exact value.
func yamlNumber(n *yaml.Node) (*Value, error) {
	var x any
	if err := n.Decode(&x); err != nil {
		return nil, &nodeError{RuleParse, n, fmt.Sprintf("number %q: %v", n.Value, err)}
	}
	lit := ""
	switch t := x.(type) {
	case int:
		lit = strconv.Itoa(t)
	case int64:
		lit = strconv.FormatInt(t, 10)
	case uint64:
		lit = strconv.FormatUint(t, 10)
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return nil, &nodeError{RuleParse, n, fmt.Sprintf("number %s is not finite; records hold finite numbers", n.Value)}
		}
		lit = strconv.FormatFloat(t, 'g', -1, 64)
	}
	if v, ok := numberValue(lit, nodePos(n)); ok {
		return v, nil
	}
	return nil, &nodeError{RuleParse, n, fmt.Sprintf("number %q is out of range", n.Value)}
}
