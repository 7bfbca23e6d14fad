package bot

import (
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gate/collect"
	"github.com/storygate/storygate/internal/inert"
)

// takeExecuted puts the document's verify and revert-check outcomes (and
// the per-story verification and revert rows) in place of the skipped
// ones, held to what publish's own recompute found (collect.Expected):
// rows that are not the ones the gate writes on the stories publish finds
// are refused (documentRows); a story the gate reruns with no rerun in the
// document, and a conclusion the gate's findings do not give, fail that
// gate, named (inconsistency). A gate missing from the document fails:
// its absence is the unprivileged run's claim, and not one to pass on.
func takeExecuted(fresh, doc *gate.Results, want collect.Expected) error {
	if err := documentRows(doc, want); err != nil {
		return err
	}
	for i, g := range fresh.Gates {
		if g.Name == gate.Verify || g.Name == gate.RevertCheck {
			fresh.Gates[i] = executedGate(g.Name, fresh, doc, want)
		}
	}
	executed := map[string]gate.Story{}
	for _, s := range doc.Stories {
		executed[s.File] = s
	}
	for i, s := range fresh.Stories {
		if from, ok := executed[s.File]; ok {
			fresh.Stories[i].Verification, fresh.Stories[i].Revert = from.Verification, from.Revert
			fresh.Stories[i].NotRecomputed = len(from.Verification) > 0 || from.Revert != nil
		}
	}
	// How the taken gates' commands ran is the document's word too.
	fresh.Isolation = doc.Isolation
	return nil
}

// executedGate is the document's gate n, marked as not recomputed, or a
// failure saying why it cannot be taken as it is.
func executedGate(n gate.Name, fresh, doc *gate.Results, want collect.Expected) gate.Gate {
	from, ok := doc.Gate(n)
	if !ok {
		return gate.Gate{Name: n, Conclusion: gate.Failure, Title: "missing from the unprivileged run's results document"}
	}
	// The document is the unprivileged run's: its text is shown inert.
	title, detail := from.Title, inert.Text(from.Detail)
	if problem := inconsistency(from, fresh, doc, want); problem != "" {
		// Failing closed: the findings stay, so the annotations show what
		// the document did say.
		from.Conclusion = gate.Failure
		title = "failing closed: " + problem
		detail = "_Publish fails this gate closed: " + inert.Text(problem) + ". The document's own title was: " + inert.Text(from.Title) + "_\n\n" + detail
	}
	from.Title = gate.CleanShort(notRecomputed + ": " + title)
	from.Detail = gate.CleanText("_" + strings.ToUpper(notRecomputed[:1]) + notRecomputed[1:] + ": this gate runs code from the pull request, so publish takes its verdict from the results document._\n\n" + detail)
	return from
}

// inconsistency says how the document's gate g disagrees with the
// recompute or with itself; "" when it does not.
func inconsistency(g gate.Gate, fresh, doc *gate.Results, want collect.Expected) string {
	if g.Name == gate.Verify {
		if missing := notRerun(fresh, doc, want); missing != "" {
			return missing
		}
		return misdecided(g, collect.VerifyOutcome(verificationRows(doc), g.Diagnostics), g.Conclusion == gate.Skipped && verificationRows(doc) == 0)
	}
	verdict := revertVerdict(doc)
	if g.Conclusion == gate.Skipped {
		return misdecided(g, gate.Outcome{Diagnostics: g.Diagnostics}, verdict == nil)
	}
	if missing := notReverted(fresh, doc, want); missing != "" {
		return missing
	}
	if verdict == nil {
		// No changed story carries the verdict, so what it checked and
		// whether a human must decide are not in the document: only a
		// conclusion no outcome with these findings reaches is wrong.
		return unreachable(g)
	}
	return misdecided(g, collect.RevertOutcome(*verdict, g.Diagnostics), false)
}

// misdecided compares the document's conclusion with the one gate.Decide
// gives its outcome; skipped is accepted only where nothing ran (maySkip
// and no findings), as the gate skips a gate it was not asked to run.
func misdecided(g gate.Gate, o gate.Outcome, mayskip bool) string {
	want := gate.Decide(o)
	if g.Conclusion == gate.Skipped && mayskip && len(g.Diagnostics) == 0 {
		return ""
	}
	if g.Conclusion == want {
		return ""
	}
	return fmt.Sprintf("the document concludes %s, but its findings (%s) and reruns decide %s", g.Conclusion, countsOf(g.Diagnostics), want)
}

// unreachable says so when no outcome with g's findings gets g's
// conclusion from gate.Decide.
func unreachable(g gate.Gate) string {
	for _, checked := range []int{0, 1} {
		for _, human := range []bool{false, true} {
			if gate.Decide(gate.Outcome{Checked: checked, NeedsHuman: human, Diagnostics: g.Diagnostics}) == g.Conclusion {
				return ""
			}
		}
	}
	return fmt.Sprintf("the document concludes %s, which its findings (%s) never decide", g.Conclusion, countsOf(g.Diagnostics))
}

func countsOf(ds []diag.Diagnostic) string {
	c := diag.Count(ds)
	return fmt.Sprintf("errors %d, warnings %d, notices %d", c.Errors, c.Warnings, c.Notices)
}

// notRerun names the stories whose verification the gate reruns (changed
// and at or after a state that claims work, collect.Expected.Rerun) and
// whose rerun the document does not record.
func notRerun(fresh, doc *gate.Results, want collect.Expected) string {
	var missing []string
	for _, file := range want.Rerun {
		if s, ok := storyAt(doc, file); len(want.Items[file]) > 0 && (!ok || len(s.Verification) == 0) {
			missing = append(missing, storyName(fresh, file))
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("the document records no verification rerun of %s, which the gate reruns (changed, at a state that claims work)", namedList(missing))
}

// notReverted names the changed stories the revert check's verdict is
// missing on.
func notReverted(fresh, doc *gate.Results, want collect.Expected) string {
	var missing []string
	for _, file := range want.Changed {
		if s, ok := storyAt(doc, file); !ok || s.Revert == nil {
			missing = append(missing, storyName(fresh, file))
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("the document shows no revert verdict on %s, which the change touches", namedList(missing))
}

// storyName names a story as the report does: its id, its state and its
// file.
func storyName(res *gate.Results, file string) string {
	s, ok := storyAt(res, file)
	if !ok || s.ID == "" {
		return file
	}
	return fmt.Sprintf("%s at %s (%s)", s.ID, orNone(s.State), file)
}

// namedList joins the first names and counts the rest, to fit a title.
func namedList(names []string) string {
	const shown = 3
	if len(names) <= shown {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:shown], ", "), len(names)-shown)
}

func storyAt(res *gate.Results, file string) (gate.Story, bool) {
	for _, s := range res.Stories {
		if s.File == file {
			return s, true
		}
	}
	return gate.Story{}, false
}
