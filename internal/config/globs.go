package config

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/pathglob"
)

// globList names one list of path patterns in the file: where it is (a
// top-level key, or a key inside a section) and what it holds.
type globList struct {
	section, key string // section "" for a top-level key
	entries      []string
}

// validateGlobs refuses a path pattern the matcher would not use: an
// invalid pattern matches nothing (pathglob.Covers), so a typo in
// revert.governed would switch the revert check off for those tests, and
// one in stories would leave stories undiscovered, both silently.
func validateGlobs(file string, root *yaml.Node, cfg *Config) error {
	lists := []globList{
		{"", "stories", cfg.Stories},
		{"revert", "governed", cfg.Revert.Governed},
		{"stages", "paths", cfg.Stages.Paths},
	}
	for _, l := range lists {
		for i, e := range l.entries {
			if err := checkPattern(e); err != nil {
				return globError(file, listItem(root, l.section, l.key, i), dotted(l.section, l.key), e, err)
			}
		}
	}
	for i, r := range cfg.Records {
		if err := checkPattern(r.Glob); err != nil {
			return globError(file, recordGlobNode(root, i), fmt.Sprintf("records[%d].glob", i), r.Glob, err)
		}
	}
	return governedInside(file, root, cfg)
}

// governedInside refuses a revert.governed entry with a ".." segment:
// governed prefixes are relative to the root (docs/revert-check.md), so
// one climbing out of it would govern nothing, silently.
func governedInside(file string, root *yaml.Node, cfg *Config) error {
	for i, e := range cfg.Revert.Governed {
		if pathglob.Climbs(e) {
			at := listItem(root, "revert", "governed", i)
			return &Error{File: file, Line: at.Line, Column: at.Column,
				Message: fmt.Sprintf("revert.governed: %q has a .. segment; governed prefixes are relative to the root the stories are in and name a place inside it without ..", e)}
		}
	}
	return nil
}

// checkPattern is pathglob's verdict on one entry, with an empty entry
// refused too: it would match nothing.
func checkPattern(e string) error {
	if pathglob.Normalize(e) == "" {
		return fmt.Errorf("is empty, and an empty pattern matches nothing")
	}
	return pathglob.Validate(pathglob.Normalize(e))
}

func globError(file string, at *yaml.Node, key, entry string, err error) error {
	return &Error{File: file, Line: at.Line, Column: at.Column,
		Message: fmt.Sprintf("%s: pattern %q %v", key, entry, err)}
}

func dotted(section, key string) string {
	if section == "" {
		return key
	}
	return section + "." + key
}

// listItem returns the node of item i of the list at section.key (or the
// top-level key when section is ""), or the nearest node that exists.
func listItem(root *yaml.Node, section, key string, i int) *yaml.Node {
	m := root
	if section != "" {
		m = mappingValue(root, section)
	}
	if m == nil {
		return root
	}
	seq := mappingValue(m, key)
	if seq == nil || seq.Kind != yaml.SequenceNode || i >= len(seq.Content) {
		return m
	}
	return seq.Content[i]
}

// recordGlobNode returns the glob value of records[i], or the nearest node.
func recordGlobNode(root *yaml.Node, i int) *yaml.Node {
	seq := mappingValue(root, "records")
	if seq == nil || seq.Kind != yaml.SequenceNode || i >= len(seq.Content) {
		return root
	}
	if v := mappingValue(seq.Content[i], "glob"); v != nil {
		return v
	}
	return seq.Content[i]
}

// mappingValue returns the value node of key in mapping m, or nil.
func mappingValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for j := 0; j+1 < len(m.Content); j += 2 {
		if m.Content[j].Value == key {
			return m.Content[j+1]
		}
	}
	return nil
}
