package verify

import "github.com/storygate/storygate/internal/diag"

// RuleAcceptedWorkBroken is the finding on a story the change did not
// touch, rerun because the change reaches its scope.write, whose
// verification no longer passes (its catalog entry says what it is).
const RuleAcceptedWorkBroken = "verify/accepted-work-broken"

// Impact says why a story the change did not touch had its verification
// rerun: the change changed a path its scope.write covers.
type Impact struct {
	// Story names the story (its id, else its path); State is its state.
	Story, State string
	// Path is the first changed path (in the root) the story's scope
	// covers.
	Path string
}

// BrokenWork is the finding for one rerun of an impacted story: none when
// the rerun passed. It stands in for the rerun's verify/failed,
// verify/timeout and evidence findings, which would blame the story for
// what the change did to the code it covers.
func BrokenWork(r Result, im Impact) (diag.Diagnostic, bool) {
	if r.Passed() {
		return diag.Diagnostic{}, false
	}
	return diag.New(RuleAcceptedWorkBroken, diag.SeverityError, r.Story, diag.Pos{Line: r.Line, Column: r.Column},
		"the change breaks %s (%s): its verification %s (`%s`) %s on rerun (pass_when %q), and this change modifies %s, which its scope.write covers",
		im.Story, im.State, r.ID, r.Command, rerunWords(r), predicateText(r.PassWhen), im.Path), true
}
