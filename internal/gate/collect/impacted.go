package collect

import (
	"fmt"

	"github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/verify"
)

// A story the change does not touch can still have its accepted work
// broken by it: the change edits code the story's scope.write covers, and
// the story's verification, which passed when it was accepted, no longer
// does. Rerunning only the changed stories would let that merge green and
// show only at the next scheduled re-verification. So the gate also reruns
// the verification of every story that claims work (evaluating and later,
// as for the changed ones) whose scope covers a path the change changes,
// read as the scope rules read it (change.Scope: scope.write minus
// scope.exclude, in pathglob's dialect), up to verify.max_impacted of
// them in path order; the rest are left to the scheduled re-verification,
// and the verify title says how many.

// impacted is the part of a verification selection the change reaches
// without touching: why each story rerun was chosen, and how many the cap
// left out.
type impacted struct {
	because map[string]verify.Impact
	left    int
	// limit is verify.max_impacted, said in the title when it left some.
	limit int
}

// impactOf reports whether the change reaches the story of u without
// touching it: only with a base and in the changed mode, where the
// changed stories alone are rerun otherwise. The change is the run's
// (Target.InRoot), by its paths in the root, as scopes are written.
func (r *run) impactOf(u rules.Unit) (verify.Impact, bool) {
	fm := u.Head.Front
	if !r.t.HasBase() || r.filter() != config.FilterChanged || fm == nil || len(fm.Scope.Write.Items) == 0 {
		return verify.Impact{}, false
	}
	scope := change.ScopeOf(fm)
	for _, c := range r.inRoot {
		if scope.Covers(c.Path) {
			id := fm.ID.Value
			if id == "" {
				id = u.Head.Path
			}
			return verify.Impact{Story: id, State: string(fm.CurrentState()), Path: c.Path}, true
		}
	}
	return verify.Impact{}, false
}

// brokenWork replaces the findings of the impacted stories' reruns with
// one verify/accepted-work-broken finding per rerun that did not pass,
// naming the story and the changed path that reached it; the changed
// stories' findings are left as verify found them.
func (im impacted) brokenWork(doc verify.Document) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, d := range doc.Diagnostics {
		if _, ok := im.because[d.File]; !ok {
			out = append(out, d)
		}
	}
	for _, res := range doc.Results {
		if why, ok := im.because[res.Story]; ok {
			if d, broken := verify.BrokenWork(res, why); broken {
				out = append(out, d)
			}
		}
	}
	return out
}

// title is what the verify title adds about the impacted stories: how many
// were rerun and how many were left to the scheduled re-verification.
func (im impacted) title() string {
	if len(im.because) == 0 && im.left == 0 {
		return ""
	}
	s := fmt.Sprintf("; %s the change reaches but does not touch rerun", plural(len(im.because), "story"))
	if im.left > 0 {
		s += fmt.Sprintf(", %d more left to the scheduled re-verification (verify.max_impacted: %d)", im.left, im.limit)
	}
	return s
}

// detail explains the impacted reruns in the verify check's detail and
// the comment; it names only counts, nothing the change wrote.
func (im impacted) detail() string {
	if len(im.because) == 0 && im.left == 0 {
		return ""
	}
	s := fmt.Sprintf("This change modifies paths that the `scope.write` of %s it does not touch covers; "+
		"the verification of %d of them was rerun here. A rerun that no longer passes is `verify/accepted-work-broken`, "+
		"naming the story whose accepted work the change breaks.", plural(len(im.because)+im.left, "story"), len(im.because))
	if im.left > 0 {
		s += fmt.Sprintf(" **%d not rerun here** (over `verify.max_impacted: %d`): the scheduled re-verification reruns them.", im.left, im.limit)
	}
	return s
}
