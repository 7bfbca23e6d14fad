package config

import "github.com/storygate/storygate/internal/diag"

// ApplySeverities returns ds with the severities the configuration
// overrides rewritten and the findings of rules turned off dropped. The
// findings pipeline's severity stage (internal/findings) is its one
// caller, and every command's findings pass through it, so one rules:
// section governs the story rules and the rules decided by verify,
// revert-check and the PR gate alike. ds itself is left as it was.
func (c *Config) ApplySeverities(ds []diag.Diagnostic) []diag.Diagnostic {
	if len(c.Rules) == 0 {
		return ds
	}
	out := make([]diag.Diagnostic, 0, len(ds))
	for _, d := range ds {
		sev, ok := c.Rules[d.Rule]
		if ok && sev == "off" {
			continue
		}
		if ok {
			d.Severity, _ = diag.ParseSeverity(sev)
		}
		out = append(out, d)
	}
	return out
}
