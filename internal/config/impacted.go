package config

import "gopkg.in/yaml.v3"

// DefaultMaxImpacted is verify.max_impacted when the configuration leaves
// it out: enough for the stories one pull request's code usually reaches,
// few enough that a change spread over a large repository does not rerun
// every story's verification in the gate.
const DefaultMaxImpacted = 20

// validateMaxImpacted refuses a negative verify.max_impacted, positioned at
// its value; 0 is allowed and reruns no impacted story.
func validateMaxImpacted(file string, root *yaml.Node, v Verify) error {
	if v.MaxImpacted >= 0 {
		return nil
	}
	n := findKey(root, "verify", "max_impacted")
	return &Error{File: file, Line: n.Line, Column: n.Column,
		Message: "verify.max_impacted must not be negative (0 reruns no impacted story)"}
}
