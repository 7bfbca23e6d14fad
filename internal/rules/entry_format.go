package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var entryFormat = &Rule{Rule: catalog.Must("entry/format"),
	CheckFile: func(p *Pass) {
		for _, kind := range lifecycle.EntryKinds {
			for _, e := range p.Head.Entries(kind) {
				checkEntry(p, e)
			}
		}
	}}

// checkEntry checks one entry. A heading that is not an entry heading
// (### Notes under ## Human Decisions) is the one finding: its fields are
// not checked, since it is not meant as an entry.
func checkEntry(p *Pass, e story.NumberedEntry) {
	if !e.OK {
		p.Report(e.Heading.Pos, "heading \"### %s\" in \"## %s\" must read \"### %s{N}\"", e.Heading.Text, e.Kind.Section, e.Kind.Prefix)
		return
	}
	checkRepeats(p, e)
	for _, name := range e.Kind.Fields {
		f, ok := e.Field(name)
		switch {
		case !ok:
			p.Report(e.Heading.Pos, "%s is missing the **%s:** field", entryName(e), name)
		case strings.TrimSpace(f.Value) == "":
			p.Report(f.Pos, "%s has an empty **%s:** field", entryName(e), name)
		default:
			checkValue(p, e, name, f)
		}
	}
	if e.Kind.Section == lifecycle.SectionDecisions {
		checkDecisionAtState(p, e)
	}
	checkToolFindings(p, e)
}

// checkRepeats reports a field written more than once in an entry, at each
// repeat. Other rules read the first occurrence (acceptance/evidence reads
// every **Status:**), so a repeat must not pass silently.
func checkRepeats(p *Pass, e story.NumberedEntry) {
	for i, f := range e.Fields {
		for _, first := range e.Fields[:i] {
			if story.SameName(f.Key, first.Key) {
				p.Report(f.Pos, "%s repeats the **%s:** field (first on line %d); an entry has each field once", entryName(e), first.Key, first.Pos.Line)
				break
			}
		}
	}
}

func entryName(e story.NumberedEntry) string { return "\"### " + e.Heading.Text + "\"" }

// checkValue checks the legal values of one field.
func checkValue(p *Pass, e story.NumberedEntry, name string, f story.Field) {
	v := story.Clean(f.Value)
	switch name {
	case "Date":
		if _, ok := story.ParseTime(v); !ok {
			p.Report(f.ValuePos, "%s has **Date:** %q; write YYYY-MM-DD HH:MM", entryName(e), v)
		}
	case "Status":
		if !oneOf(lifecycle.EvaluationStatuses, v) {
			p.Report(f.ValuePos, "%s has **Status:** %q (legal: %s)", entryName(e), v, plainList(lifecycle.EvaluationStatuses))
		}
	case "At state":
		if !lifecycle.IsGate(lifecycle.State(v)) {
			p.Report(f.ValuePos, "%s has **At state:** %q, which is not a human gate (legal: %s)", entryName(e), v, plainList(lifecycle.GateStates()))
		}
	case "Decision":
		if !lifecycle.IsHumanEvent(lifecycle.Event(v)) {
			p.Report(f.ValuePos, "%s has **Decision:** %q, which is not a human decision (legal: %s)", entryName(e), v, plainList(lifecycle.HumanEvents()))
		}
	case "Binding":
		if v != "true" && v != "false" {
			p.Report(f.ValuePos, "%s has **Binding:** %q (legal: true, false)", entryName(e), v)
		}
	}
}

// checkDecisionAtState refuses a decision that the table does not allow at
// the state it claims to have been taken at.
func checkDecisionAtState(p *Pass, e story.NumberedEntry) {
	d, okD := e.Field("Decision")
	at, okA := e.Field("At state")
	dv, av := lifecycle.Event(story.Clean(d.Value)), lifecycle.State(story.Clean(at.Value))
	if !okD || !okA || !lifecycle.IsHumanEvent(dv) || !lifecycle.IsGate(av) {
		return
	}
	if _, ok := lifecycle.Lookup(av, dv); !ok {
		p.Report(d.ValuePos, "%s decides %s at %s, which the transition table does not allow (legal at %s: %s)", entryName(e), dv, av, av, plainList(lifecycle.EventsFrom(av)))
	}
}

func oneOf(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
