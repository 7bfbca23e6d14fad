package config

import (
	"fmt"
	"regexp"

	"gopkg.in/yaml.v3"
)

// scopePrefixRE is what stages.scope_prefix may be: lowercase kebab-case
// words ending in a hyphen, so <prefix><name>.md is a plain file name.
var scopePrefixRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*-$`)

// ValidScopePrefix reports whether prefix can start a scope file's name
// (stages.scope_prefix, `stage --scope-prefix`).
func ValidScopePrefix(prefix string) bool { return scopePrefixRE.MatchString(prefix) }

// validateScopePrefix refuses a prefix no scope file name could start with
// as intended: a path, a glob, or one without its closing hyphen.
func validateScopePrefix(file string, root *yaml.Node, s Stages) error {
	if s.ScopePrefix == "" || ValidScopePrefix(s.ScopePrefix) {
		return nil
	}
	_, v := findEntry(root, "stages", "scope_prefix")
	return &Error{File: file, Line: v.Line, Column: v.Column, Message: fmt.Sprintf(
		"stages.scope_prefix %q is not a file-name prefix like aidlc- or amadeus- (lowercase letters, digits and hyphens, ending in -)", s.ScopePrefix)}
}
