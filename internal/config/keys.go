package config

import (
	"fmt"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// shape describes which keys a mapping may hold; a nil child means the value
// is not checked further (a scalar, a list of scalars, or free-form keys).
type shape map[string]*shapeNode

type shapeNode struct {
	keys shape
	// list is true when the value is a list of mappings of shape keys.
	list bool
}

var schema = shape{
	"stories":   nil,
	"rules":     nil,
	"revert":    {keys: shape{"governed": nil, "suite": nil, "granularity": nil, "max_runs": nil}},
	"verify":    {keys: verifyKeys},
	"approvers": {keys: shape{"permission": nil, "teams": nil, "deny": nil, "recorder": nil, "recorder_app_id": nil, "allow_author": nil}},
	"stages":    {keys: shape{"paths": nil, "agents": nil, "scopes": nil, "scope_prefix": nil}},
	"records":   {keys: shape{"glob": nil, "suite": nil, "schema": nil}, list: true},
	"discovery": {keys: shape{"non_story": nil}},
	"gate":      {keys: shape{"filter": nil}},
	"github":    {keys: shape{"request_timeout": nil, "deadline": nil}},
}

// checkKeys reports the first unknown key, naming the legal ones.
func checkKeys(file string, n *yaml.Node, want shape) error {
	return checkKeysAt(file, n, want, "")
}

func checkKeysAt(file string, n *yaml.Node, want shape, where string) error {
	if n.Kind != yaml.MappingNode {
		return &Error{File: file, Line: n.Line, Column: n.Column, Message: fmt.Sprintf("%s must be a mapping", describe(where))}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		child, ok := want[k.Value]
		if !ok {
			return &Error{File: file, Line: k.Line, Column: k.Column,
				Message: fmt.Sprintf("unknown key %q in %s (legal keys: %s)", k.Value, describe(where), legal(want))}
		}
		if err := checkChild(file, v, child, join(where, k.Value)); err != nil {
			return err
		}
	}
	return nil
}

func checkChild(file string, v *yaml.Node, child *shapeNode, where string) error {
	if child == nil || v.Tag == "!!null" {
		return nil
	}
	if !child.list {
		return checkKeysAt(file, v, child.keys, where)
	}
	if v.Kind != yaml.SequenceNode {
		return &Error{File: file, Line: v.Line, Column: v.Column, Message: fmt.Sprintf("%s must be a list", where)}
	}
	for _, item := range v.Content {
		if err := checkKeysAt(file, item, child.keys, where+"[]"); err != nil {
			return err
		}
	}
	return nil
}

func describe(where string) string {
	if where == "" {
		return "the configuration"
	}
	return where
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

func legal(s shape) string {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

// verifyKeys are the keys of verify: the reruns and their sandbox.
var verifyKeys = shape{"jobs": nil, "timeout": nil, "secret_env": nil, "sandbox": nil, "network": nil, "tmp_limit_mib": nil, "file_limit_mib": nil, "caches": nil,
	"memory_limit_mib": nil, "process_limit": nil, "sandbox_paths": nil, "max_impacted": nil}
