package verify

import (
	"fmt"
	"time"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/passwhen"
)

// The rule IDs verify reports; what each is, is its catalog entry.
const (
	RuleFailed   = "verify/failed"
	RuleMismatch = "verify/evidence-mismatch"
	RuleTimeout  = "verify/timeout"
)

// Findings turns one result into diagnostics: the rerun's own failure at the
// verification item, and every claim that disagrees with the rerun at the
// claiming table cell.
func Findings(r Result) []diag.Diagnostic {
	var out []diag.Diagnostic
	if d, ok := failure(r); ok {
		out = append(out, d)
	}
	for _, c := range []*Claim{r.ClaimedEvidence, r.ClaimedToolFinding} {
		if d, ok := mismatch(r, c); ok {
			out = append(out, d)
		}
	}
	return out
}

func failure(r Result) (diag.Diagnostic, bool) {
	at := diag.Pos{Line: r.Line, Column: r.Column}
	switch r.Verdict {
	case VerdictTimeout:
		return diag.New(RuleTimeout, diag.SeverityError, r.Story, at,
			"verification %s (`%s`) was killed when it reached its time limit of %s", r.ID, r.Command, time.Duration(r.TimeLimitMS)*time.Millisecond), true
	case VerdictFail:
		return diag.New(RuleFailed, diag.SeverityError, r.Story, at,
			"verification %s (`%s`) failed on rerun: exit code %d does not meet pass_when %q", r.ID, r.Command, r.ExitCode, predicateText(r.PassWhen)), true
	case VerdictError:
		return diag.New(RuleFailed, diag.SeverityError, r.Story, at,
			"verification %s (`%s`) could not be judged: %s", r.ID, r.Command, r.Error), true
	}
	return diag.Diagnostic{}, false
}

// mismatch reports a claim of PASS the rerun did not meet, or a claim of
// FAIL the rerun passed. NOT RUN and other words claim no result, so there
// is nothing to contradict; the acceptance rules judge those.
func mismatch(r Result, c *Claim) (diag.Diagnostic, bool) {
	if c == nil || (c.Result != ClaimPass && c.Result != ClaimFail) {
		return diag.Diagnostic{}, false
	}
	claimedPass := c.Result == ClaimPass
	if claimedPass == r.Passed() {
		return diag.Diagnostic{}, false
	}
	return diag.New(RuleMismatch, diag.SeverityError, r.Story, c.Pos,
		"%s records %s for %s, but the rerun %s", c.Where, c.Result, r.ID, rerunWords(r)), true
}

func rerunWords(r Result) string {
	switch r.Verdict {
	case VerdictPass:
		return fmt.Sprintf("passed (exit code %d)", r.ExitCode)
	case VerdictTimeout:
		return "timed out"
	case VerdictError:
		return "could not be judged"
	}
	return fmt.Sprintf("failed (exit code %d)", r.ExitCode)
}

func predicateText(p string) string {
	if p == "" {
		return passwhen.Default
	}
	return p
}
