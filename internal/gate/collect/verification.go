package collect

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/verify"
)

// verifyGate reruns the verification commands of the stories that claim
// work was done (evaluating and later; blocked ones are left alone) and
// changed in this run, and of those the change reaches without touching
// them (impacted.go), and compares the reruns with what they claim.
func (r *run) verifyGate() error {
	runs, reported := r.selected(gate.Verify)
	if !runs {
		if reported {
			r.skip(gate.Verify)
		}
		return nil
	}
	sel := r.verificationItems()
	r.noteNotRerun(sel.skipped, len(sel.paths))
	cfg := r.cfg.Verify
	results := verify.Execute(r.ctx, sel.items, verify.Options{Dir: r.root, Jobs: cfg.Jobs, Timeout: cfg.Timeout,
		Env: r.cleanEnviron(), Sandbox: r.sandbox, Source: r.t.Source(), Governed: r.cfg.Revert.Governed,
		Progress: r.opts.Progress})
	r.ranPRCode = r.ranPRCode || len(sel.items) > 0
	doc := verify.NewDocument(sel.paths, results, nil)
	for _, res := range doc.Results {
		if s := r.stories[res.Story]; s != nil {
			s.Verification = append(s.Verification, checkOf(res))
		}
	}
	o := VerifyOutcome(len(results), sel.impacted.brokenWork(doc))
	r.add(gate.Verify, o, verifyTitle(results, o.Diagnostics, sel.unreadable)+sel.impacted.title(), sel.impacted.detail())
	return nil
}

// selection is what the verify gate reruns: the items, the stories they
// belong to, how many stories claiming work the filter left out, and the
// impacted stories among them; unreadable are the stories the run would
// rerun whose frontmatter did not parse, so what they claim is unknown.
type selection struct {
	items      []verify.Item
	paths      []string
	skipped    int
	impacted   impacted
	unreadable []string
}

// verificationItems selects the items to rerun: every changed story's
// that claims work, then the impacted stories' up to verify.max_impacted.
func (r *run) verificationItems() selection {
	sel := selection{impacted: impacted{because: map[string]verify.Impact{}, limit: r.cfg.Verify.MaxImpacted}}
	for _, u := range r.lint.Units {
		fm := u.Head.Front
		if fm == nil && r.rerun(u.Head.Path) {
			sel.unreadable = append(sel.unreadable, u.Head.Path)
		}
		if fm == nil || !claimsWork(fm.CurrentState()) {
			continue
		}
		if r.rerun(u.Head.Path) {
			r.take(&sel, u.Head.Path)
			continue
		}
		why, reached := r.impactOf(u)
		switch {
		case !reached:
			sel.skipped++
		case len(sel.impacted.because) >= sel.impacted.limit:
			sel.impacted.left++
		default:
			sel.impacted.because[u.Head.Path] = why
			r.take(&sel, u.Head.Path)
		}
	}
	return sel
}

// take adds the story at path, and its items, to the selection.
func (r *run) take(sel *selection, path string) {
	if _, ok := r.stories[path]; !ok {
		r.stories[path] = r.seen.stories[path]
	}
	sel.paths = append(sel.paths, path)
	sel.items = append(sel.items, r.seen.items[path]...)
}

// claimsWork is true from the generator's submission on: before that there
// is nothing whose verification could pass.
func claimsWork(state lifecycle.State) bool {
	return state != lifecycle.Blocked && lifecycle.AtOrAfter(state, lifecycle.Evaluating)
}

func checkOf(res verify.Result) gate.Check {
	row := RowOf(res.ID, res.Command)
	c := gate.Check{ID: row.ID, Command: row.Command, Verdict: string(res.Verdict),
		ExitCode: res.ExitCode, DurationMS: res.DurationMS, Error: gate.CleanText(res.Error)}
	if res.ClaimedEvidence != nil {
		c.Claimed = gate.CleanShort(res.ClaimedEvidence.Result)
	}
	if !res.Passed() {
		c.OutputTail, c.Cause = gate.CleanTail(outputOf(res)), gate.CleanText(verify.Cause(res))
	}
	return c
}

// outputOf joins a rerun's two output tails; the runner keeps them apart,
// so stderr follows stdout under a marker line rather than interleaved.
func outputOf(res verify.Result) string {
	switch {
	case res.StderrTail == "":
		return res.StdoutTail
	case res.StdoutTail == "":
		return res.StderrTail
	}
	return strings.TrimRight(res.StdoutTail, "\n") + "\n--- stderr ---\n" + res.StderrTail
}

// verifyTitle sums the reruns up. A story the run would rerun whose
// frontmatter did not parse is named apart: what it claims is unknown, not
// absent, so "no verification to rerun" would say what nobody could read.
func verifyTitle(results []verify.Result, ds []diag.Diagnostic, unreadable []string) string {
	cannot := ""
	switch n := len(unreadable); {
	case n == 1:
		cannot = "1 story could not be read (its frontmatter is missing or did not parse), so its verification could not be rerun"
	case n > 1:
		cannot = fmt.Sprintf("%d stories could not be read (their frontmatter is missing or did not parse), so their verification could not be rerun", n)
	}
	switch {
	case len(results) == 0 && cannot != "":
		return cannot
	case len(results) == 0:
		return "no verification to rerun in the changed stories"
	case cannot != "":
		return rerunTitle(results, ds) + "; " + cannot
	}
	return rerunTitle(results, ds)
}

// rerunTitle counts the reruns that passed and the recorded claims that
// disagree with them.
func rerunTitle(results []verify.Result, ds []diag.Diagnostic) string {
	passed := 0
	for _, res := range results {
		if res.Passed() {
			passed++
		}
	}
	title := fmt.Sprintf("%d of %d verification reruns passed", passed, len(results))
	mismatches := 0
	for _, d := range ds {
		if d.Rule == verify.RuleMismatch {
			mismatches++
		}
	}
	if mismatches > 0 {
		verb := "disagree"
		if mismatches == 1 {
			verb = "disagrees"
		}
		title += fmt.Sprintf("; %s %s with the rerun", plural(mismatches, "recorded claim"), verb)
	}
	return title
}
