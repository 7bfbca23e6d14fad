package report

import (
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

// heldVerdicts are the revert check's verdicts that leave a story's edits
// undecided: a human must rule on them before its work is approved.
var heldVerdicts = []string{"escalate", "could_not_run"}

// withheld says why the story's approving commands are not offered (an
// error on it, or a revert verdict on its edits that leaves them
// undecided), or "" when nothing holds them: the comment never suggests
// a step the gate would refuse.
func withheld(s gate.Story, ds []diag.Diagnostic) string {
	var why []string
	if n := diag.Count(ds).Errors; n > 0 {
		why = append(why, "it has "+plural(n, "error"))
	}
	if rv := s.Revert; s.Generating && rv != nil && containsString(heldVerdicts, rv.Verdict) {
		why = append(why, "the revert check left its test edits undecided ("+rv.Verdict+")")
	}
	return strings.Join(why, " and ")
}

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// unclaimedRevert shows the revert check's verdict once for the change
// when no story generating in it carries the verdict (governed tests
// edited with no story generating, so no story's section claims them);
// nothing when the check had nothing to decide.
func (c comment) unclaimedRevert() string {
	var rv *gate.Revert
	var taken bool
	for _, s := range c.res.Stories {
		if s.Revert == nil {
			continue
		}
		if s.Generating {
			return ""
		}
		rv, taken = s.Revert, s.NotRecomputed
	}
	if rv == nil || rv.Verdict == "not_needed" || rv.Verdict == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n### Test edits no story claims\n\nNo story in this change is generating, so these edits are no story's work.\n")
	c.revert(&b, rv, taken)
	return b.String()
}
