package collect

import (
	"fmt"
	"sort"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
)

// storiesGate runs the rule catalog. The other gates need the parsed
// stories, so the rules run even when the gate is not reported.
func (r *run) storiesGate() error {
	r.seen = newSeen()
	res, err := lint.Run(lint.Options{Target: r.t, Filter: r.filter(),
		Slim: true, BatchGC: true, Visit: r.visit, RevertDecides: r.revertDecides()})
	if err != nil {
		return fmt.Errorf("gate: stories: %w", err)
	}
	r.lint = res
	if res.Adoption != nil {
		r.note(res.Adoption.Note())
		if n := res.Adoption.PublisherNote(); n != "" {
			r.note(n)
		}
	}
	r.composeFindings(res.SetApart)
	runs, reported := r.selected(gate.Stories)
	o := gate.Outcome{Checked: res.Files, Diagnostics: res.Diagnostics}
	var detail string
	if runs {
		if detail, err = r.checkDecisions(&o); err != nil {
			return err
		}
	}
	found := r.findings.Run(o.Diagnostics)
	withFindings := filesOf(found.Judged) // repository paths, as the pipeline placed them
	for _, u := range res.Units {
		if r.changed(u.Head.Path) || withFindings[r.t.RepoPath(u.Head.Path)] {
			r.stories[u.Head.Path] = r.seen.stories[u.Head.Path]
		}
	}
	if !runs {
		if reported {
			r.skip(gate.Stories)
		}
		return nil
	}
	o.Diagnostics = found.Judged
	r.addFound(gate.Stories, o, found, storiesTitle(o, res.Stories)+untouchedTitle(found.Untouched), detail)
	return nil
}

// checkDecisions adds the hitl/decision-unverified findings to o and returns
// the decisions table for the report.
func (r *run) checkDecisions(o *gate.Outcome) (string, error) {
	if r.opts.Decisions == nil {
		return "", nil
	}
	ds, detail, err := r.opts.Decisions(r.ctx, r.lint.Units)
	if err != nil {
		return "", fmt.Errorf("gate: verifying human decisions: %w", err)
	}
	o.Diagnostics = append(o.Diagnostics, ds...)
	return detail, nil
}

// storiesTitle counts the stories checked; the files discovery set apart
// as no execution story (o.Checked counts them too: they were examined)
// are named apart, never counted as stories.
func storiesTitle(o gate.Outcome, stories int) string {
	if o.Checked == 0 {
		return "no story files found"
	}
	apart := ""
	switch n := o.Checked - stories; {
	case n == 1:
		apart = "; 1 file set apart, not a story"
	case n > 1:
		apart = fmt.Sprintf("; %d files set apart, not stories", n)
	}
	c := diag.Count(o.Diagnostics)
	pending := 0
	for _, d := range o.Diagnostics {
		if d.Rule == gate.PendingRule {
			pending++
		}
	}
	title := fmt.Sprintf("%s, %s in %s%s", plural(c.Errors, "error"), plural(c.Warnings, "warning"), plural(stories, "story"), apart)
	if pending > 0 {
		title += fmt.Sprintf("; %s waiting for a human decision", plural(pending, "story"))
	}
	return title
}

// filesOf is the set of files with findings.
func filesOf(ds []diag.Diagnostic) map[string]bool {
	out := make(map[string]bool, len(ds))
	for _, d := range ds {
		out[d.File] = true
	}
	return out
}

// storyOf summarises one parsed story for the report.
func storyOf(u rules.Unit) *gate.Story {
	s := &gate.Story{File: u.Head.Path, Generating: u.Generating()}
	s.Transitions, s.UndrawnMoves = transitions(u.Head)
	if fm := u.Head.Front; fm != nil {
		s.ID, s.Title, s.State = gate.CleanShort(fm.ID.Value), gate.CleanShort(fm.Title.Value), gate.CleanShort(fm.State.Value)
	}
	if u.Base != nil && u.Base.Front != nil {
		s.BaseState = gate.CleanShort(u.Base.Front.State.Value)
	}
	return s
}

// transitions reads the Transition Log, keeping only well-formed rows that
// name legal states and events: the rules report the others, and the
// diagram must never carry free text from the story. It counts the rows
// it leaves out, and marks an actor that is no role without naming it.
func transitions(s *story.Story) ([]gate.Transition, int) {
	rows, _ := s.Log()
	out := []gate.Transition{}
	undrawn := 0
	for _, row := range rows {
		if !row.WellFormed() || !lifecycle.IsState(row.FromState()) || !lifecycle.IsState(row.ToState()) || !lifecycle.IsEvent(row.EventName()) {
			undrawn++
			continue
		}
		// Interned: the names are legal, so the table's own strings, which
		// keep no text of the story alive (ownedStory copies nothing).
		t := gate.Transition{From: string(lifecycle.InternState(row.FromState())), To: string(lifecycle.InternState(row.ToState())),
			Event: string(lifecycle.InternEvent(row.EventName()))}
		switch role := row.ActorRole(); {
		case lifecycle.IsRole(role):
			t.Actor = string(lifecycle.InternRole(role))
		case role != "":
			t.UnknownActor = true
		}
		out = append(out, t)
	}
	return out, undrawn
}

// storyList returns the reported stories sorted by file.
func (r *run) storyList() []gate.Story {
	out := make([]gate.Story, 0, len(r.stories))
	for _, s := range r.stories {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if noun == "story" {
		return fmt.Sprintf("%d stories", n)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
