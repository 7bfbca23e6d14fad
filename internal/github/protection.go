package github

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// RequiredCheck is one required status check. AppID pins the check to the
// app that must report it; zero accepts any source.
type RequiredCheck struct {
	Context string `json:"context"`
	AppID   int64  `json:"app_id,omitempty"`
}

// RequiredChecks is a branch's required status checks setting.
type RequiredChecks struct {
	// Strict requires the branch to be up to date with the base before merging.
	Strict bool            `json:"strict"`
	Checks []RequiredCheck `json:"checks"`
}

// BranchProtection is what storygate reads of a branch's protection.
type BranchProtection struct {
	Protected bool
	// Checks is nil when the branch has no required status checks.
	Checks *RequiredChecks
}

// WithChecks returns the union of r and add, keeping r's order and
// strictness; a check already present with the same context keeps its app.
func (r RequiredChecks) WithChecks(add ...RequiredCheck) RequiredChecks {
	out := RequiredChecks{Strict: r.Strict, Checks: slices.Clone(r.Checks)}
	for _, c := range add {
		if !slices.ContainsFunc(out.Checks, func(have RequiredCheck) bool { return have.Context == c.Context }) {
			out.Checks = append(out.Checks, c)
		}
	}
	return out
}

// WithPinnedChecks is WithChecks, except that a check already present
// with the same context takes add's app: pinning a check that is already
// required, unpinned or pinned to another app, is what pinning is for.
func (r RequiredChecks) WithPinnedChecks(add ...RequiredCheck) RequiredChecks {
	out := r.WithChecks(add...)
	for _, c := range add {
		if i := slices.IndexFunc(out.Checks, func(have RequiredCheck) bool { return have.Context == c.Context }); i >= 0 {
			out.Checks[i].AppID = c.AppID
		}
	}
	return out
}

// ProtectionPlan is one REST request that sets required status checks,
// ready to print (dry run) or send.
type ProtectionPlan struct {
	Method string
	// Path is relative to the API root, e.g. repos/o/r/branches/main/protection.
	Path string
	Body json.RawMessage
	// Why says which of the three cases applies, for the dry-run output.
	Why string
}

// String renders the plan as a reader would type the request.
func (p ProtectionPlan) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n%s /%s\n", p.Why, p.Method, p.Path)
	var pretty any
	if json.Unmarshal(p.Body, &pretty) == nil {
		enc, _ := json.MarshalIndent(pretty, "", "  ")
		b.Write(enc)
		b.WriteByte('\n')
	}
	return b.String()
}
