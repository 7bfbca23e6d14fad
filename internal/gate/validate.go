package gate

import (
	"fmt"
	"path"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/lifecycle"
)

// Bounds on the document's content. They keep a hostile document from
// producing a comment or check run GitHub would reject, and from smuggling
// control characters into workflow commands.
const (
	maxText        = 64 << 10
	maxShort       = 512
	maxDiagnostics = 100000
)

var (
	shaRE  = regexp.MustCompile(`^[0-9a-f]{40}([0-9a-f]{24})?$`)
	repoRE = regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$`)
	ruleRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*(/[a-z0-9][a-z0-9._-]*)*$`)
)

// Validate checks the document as data: its version, that gates and
// conclusions are known, that paths are relative and stay inside the
// repository, that SHAs and names have their shapes, that texts are bounded
// UTF-8, and that the run-wide conclusion and counts agree with the gates.
func (r *Results) Validate() error {
	v := &validator{}
	v.results(r)
	if len(v.problems) == 0 {
		return nil
	}
	if len(v.problems) > 5 {
		v.problems = append(v.problems[:5], fmt.Sprintf("and %d more", len(v.problems)-5))
	}
	return fmt.Errorf("%w: %s", ErrInvalid, strings.Join(v.problems, "; "))
}

type validator struct{ problems []string }

func (v *validator) fail(format string, args ...any) {
	v.problems = append(v.problems, fmt.Sprintf(format, args...))
}

func (v *validator) results(r *Results) {
	if r.Version != Version {
		v.fail("version %d is not %d", r.Version, Version)
		return
	}
	v.text("storygate", r.Storygate, maxShort)
	if r.Root != "" {
		v.relPath("root", r.Root)
	}
	v.event(r.Event)
	v.gates(r.Gates)
	for i, s := range r.Stories {
		v.story(fmt.Sprintf("stories[%d]", i), s)
	}
	for i, n := range r.Notes {
		v.text(fmt.Sprintf("notes[%d]", i), n, maxShort)
	}
	if r.Isolation != nil {
		v.text("isolation.mode", r.Isolation.Mode, maxShort)
		v.text("isolation.summary", r.Isolation.Summary, maxShort)
	}
	v.totals(r)
}

func (v *validator) event(e Event) {
	v.text("event.name", e.Name, maxShort)
	v.text("event.action", e.Action, maxShort)
	if e.Repository != "" && !repoRE.MatchString(e.Repository) {
		v.fail("event.repository %q is not owner/name", e.Repository)
	}
	if e.PullRequest < 0 {
		v.fail("event.pull_request is negative")
	}
	v.sha("event.head_sha", e.HeadSHA)
	v.sha("event.base_sha", e.BaseSHA)
	v.text("event.head_ref", e.HeadRef, maxShort)
	v.text("event.base_ref", e.BaseRef, maxShort)
	if e.RunURL != "" && !strings.HasPrefix(e.RunURL, "https://") && !strings.HasPrefix(e.RunURL, "http://") {
		v.fail("event.run_url is not an http(s) URL")
	}
	v.text("event.run_url", e.RunURL, maxShort)
}

func (v *validator) gates(gs []Gate) {
	seen := map[Name]bool{}
	total := 0
	for _, g := range gs {
		if !g.Name.Known() || seen[g.Name] {
			v.fail("gate %q is unknown or repeated", g.Name)
			continue
		}
		seen[g.Name] = true
		if !g.Conclusion.Known() {
			v.fail("gate %s: conclusion %q is unknown", g.Name, g.Conclusion)
		}
		v.text("gate "+string(g.Name)+" title", g.Title, maxShort)
		v.text("gate "+string(g.Name)+" detail", g.Detail, maxText)
		if len(g.Untouched) > 0 && g.Name != Stories && g.Name != Stages {
			v.fail("gate %s: only the stories and stages gates set findings apart as untouched", g.Name)
		}
		total += len(g.Diagnostics) + len(g.Untouched)
		for _, ds := range [][]diag.Diagnostic{g.Diagnostics, g.Untouched} {
			for _, d := range ds {
				v.diagnostic(g.Name, d)
			}
		}
	}
	if total > maxDiagnostics {
		v.fail("%d diagnostics exceed %d", total, maxDiagnostics)
	}
}

func (v *validator) diagnostic(g Name, d diag.Diagnostic) {
	where := fmt.Sprintf("gate %s: diagnostic %s", g, d.Rule)
	if !ruleRE.MatchString(d.Rule) || len(d.Rule) > 100 {
		v.fail("gate %s: rule ID %q is malformed", g, d.Rule)
	}
	v.relPath(where+" file", d.File)
	if d.Line < 1 || d.Column < 1 {
		v.fail("%s: line and column must be at least 1", where)
	}
	v.text(where+" message", d.Message, maxText)
}

func (v *validator) story(where string, s Story) {
	v.relPath(where+".file", s.File)
	v.text(where+".id", s.ID, maxShort)
	v.text(where+".title", s.Title, maxShort)
	v.state(where+".state", s.State, true)
	v.state(where+".base_state", s.BaseState, true)
	for _, t := range s.Transitions {
		v.state(where+" transition from", t.From, false)
		v.state(where+" transition to", t.To, false)
		if !lifecycle.IsEvent(lifecycle.Event(t.Event)) || (t.Actor != "" && !lifecycle.IsRole(lifecycle.Role(t.Actor))) {
			v.fail("%s: transition %q by %q is not in the transition table", where, t.Event, t.Actor)
		}
		if t.UnknownActor && t.Actor != "" {
			v.fail("%s: transition %q has both an actor and an unknown one", where, t.Event)
		}
	}
	if s.UndrawnMoves < 0 {
		v.fail("%s: undrawn_moves is negative", where)
	}
	for _, c := range s.Verification {
		v.text(where+" verification id", c.ID, maxShort)
		v.text(where+" verification command", c.Command, maxText)
		v.text(where+" verification verdict", c.Verdict, maxShort)
		v.text(where+" verification claim", c.Claimed, maxShort)
		v.text(where+" verification error", c.Error, maxText)
		v.text(where+" verification output", c.OutputTail, maxText)
		v.text(where+" verification cause", c.Cause, maxText)
	}
	if rv := s.Revert; rv != nil {
		v.text(where+" revert verdict", rv.Verdict, maxShort)
		v.text(where+" revert command", rv.Command, maxText)
		v.text(where+" revert output", rv.OutputTail, maxText)
		for _, p := range rv.Paths {
			v.relPath(where+" revert path", p)
		}
		v.text(where+" revert granularity", rv.Granularity, maxShort)
		v.text(where+" revert set verdict", rv.SetVerdict, maxShort)
		v.text(where+" revert incomplete", rv.Incomplete, maxText) // it names the undecided edits
		v.text(where+" revert granularity reason", rv.GranularityReason, maxShort)
		for _, d := range rv.Decisions {
			v.relPath(where+" revert decision path", d.Path)
			v.text(where+" revert decision lines", d.Lines, maxShort)
			v.text(where+" revert decision verdict", d.Verdict, maxShort)
			v.text(where+" revert decision decided", d.Decided, maxShort)
		}
		for _, r := range rv.Ruled {
			v.relPath(where+" revert ruled path", r.Path)
			v.text(where+" revert ruled by", r.By, maxShort)
			v.text(where+" revert ruled source", r.Source, maxShort)
		}
	}
}

// state accepts a lifecycle state; empty only where optional is set, since
// a story's state may be missing or misspelt (the rules report that).
func (v *validator) state(where, s string, optional bool) {
	if optional {
		v.text(where, s, maxShort)
		return
	}
	if !lifecycle.IsState(lifecycle.State(s)) {
		v.fail("%s: %q is not a state", where, s)
	}
}

func (v *validator) totals(r *Results) {
	want := *r
	want.Finish()
	if want.Conclusion != r.Conclusion {
		v.fail("conclusion %q disagrees with the gates (%q)", r.Conclusion, want.Conclusion)
	}
	if want.Counts != r.Counts {
		v.fail("counts %+v disagree with the diagnostics (%+v)", r.Counts, want.Counts)
	}
}

func (v *validator) sha(where, s string) {
	if s != "" && !shaRE.MatchString(s) {
		v.fail("%s %q is not a commit SHA", where, s)
	}
}

// relPath accepts a clean slash path inside the repository.
func (v *validator) relPath(where, p string) {
	v.text(where, p, maxShort)
	if p == "" || strings.HasPrefix(p, "/") || path.Clean(p) != p || p == ".." || strings.HasPrefix(p, "../") || strings.ContainsAny(p, "\\") {
		v.fail("%s %q is not a relative path inside the repository", where, p)
	}
}

// text accepts bounded UTF-8 without control characters other than tab
// and newline.
func (v *validator) text(where, s string, limit int) {
	if len(s) > limit {
		v.fail("%s is longer than %d bytes", where, limit)
		return
	}
	if !utf8.ValidString(s) {
		v.fail("%s is not UTF-8", where)
		return
	}
	for _, c := range s {
		if (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f {
			v.fail("%s contains control character %U", where, c)
			return
		}
	}
}
