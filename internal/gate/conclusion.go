package gate

import "github.com/storygate/storygate/internal/diag"

// Conclusion is a gate's verdict, spelled as GitHub's check run conclusions.
type Conclusion string

// The conclusions a gate can reach. Every gate concludes, so a required
// check never hangs.
const (
	// Success: something was checked and nothing is at error severity.
	Success Conclusion = "success"
	// Failure: a finding at error severity.
	Failure Conclusion = "failure"
	// ActionRequired: no errors, but a human must decide (a story waits at
	// a human gate, or a test edit was not load-bearing).
	ActionRequired Conclusion = "action_required"
	// Neutral: the gate ran and found nothing to check.
	Neutral Conclusion = "neutral"
	// Skipped: the gate was not selected for this run.
	Skipped Conclusion = "skipped"
)

// PendingRule is the notice a story waiting at a human gate carries.
const PendingRule = "hitl/pending"

// rank orders conclusions from least to most serious.
var rank = map[Conclusion]int{Skipped: 0, Neutral: 1, Success: 2, ActionRequired: 3, Failure: 4}

// Known reports whether c is one of the conclusions above.
func (c Conclusion) Known() bool {
	_, ok := rank[c]
	return ok
}

// Worst returns the most serious of cs; none gives Skipped.
func Worst(cs ...Conclusion) Conclusion {
	out := Skipped
	for _, c := range cs {
		if rank[c] > rank[out] {
			out = c
		}
	}
	return out
}

// Outcome is what a gate found, before it is turned into a conclusion.
type Outcome struct {
	// Checked counts what the gate examined (stories, reruns, files); zero
	// means there was nothing to check.
	Checked     int
	Diagnostics []diag.Diagnostic
	// NeedsHuman is set when a person must decide even without errors.
	NeedsHuman bool
}

// Decide turns an outcome into a conclusion: failure on any error finding,
// action_required when a human must decide (including a hitl/pending
// notice), neutral when nothing was checked, success otherwise.
func Decide(o Outcome) Conclusion {
	switch {
	case diag.Count(o.Diagnostics).Errors > 0:
		return Failure
	case o.NeedsHuman || hasRule(o.Diagnostics, PendingRule):
		return ActionRequired
	case o.Checked == 0:
		return Neutral
	}
	return Success
}

func hasRule(ds []diag.Diagnostic, rule string) bool {
	for _, d := range ds {
		if d.Rule == rule {
			return true
		}
	}
	return false
}
