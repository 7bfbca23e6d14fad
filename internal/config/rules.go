package config

import (
	"fmt"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/catalog"
)

// position is where a key is written in the configuration file.
type position struct{ line, column int }

// recordRuleKeys remembers where each rule ID under rules: is written, so
// that an error about an ID can point at it.
func (c *Config) recordRuleKeys(root *yaml.Node) {
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value != "rules" || root.Content[i+1].Kind != yaml.MappingNode {
			continue
		}
		m := root.Content[i+1]
		c.rulePos = make(map[string]position, len(m.Content)/2)
		for j := 0; j+1 < len(m.Content); j += 2 {
			if k := m.Content[j]; c.rulePos[k.Value] == (position{}) {
				c.rulePos[k.Value] = position{k.Line, k.Column}
			}
		}
	}
}

// CheckCatalogRuleIDs refuses rule IDs under rules: that the rule catalog
// does not list. Any engine's rule may be named (story, stage, records,
// workflow, and the rules verify, revert-check and the gate decide): its
// severity is applied where it is reported.
func (c *Config) CheckCatalogRuleIDs() error { return c.CheckRuleIDs(catalog.Known) }

// CheckRuleIDs refuses rule IDs under rules: that known does not accept. The
// error names every unknown ID and points at the first one written in the
// file (a configuration built in code has no positions).
func (c *Config) CheckRuleIDs(known func(id string) bool) error {
	var unknown []string
	for id := range c.Rules {
		if !known(id) {
			unknown = append(unknown, id)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Slice(unknown, func(i, j int) bool {
		a, b := c.rulePos[unknown[i]], c.rulePos[unknown[j]]
		if a != b {
			return a.line < b.line || (a.line == b.line && a.column < b.column)
		}
		return unknown[i] < unknown[j]
	})
	at := c.rulePos[unknown[0]]
	return &Error{File: c.Path, Line: at.line, Column: at.column,
		Message: fmt.Sprintf("unknown rule ID(s) %s under rules (see docs/rules.md for the catalog)", strings.Join(unknown, ", "))}
}
