package storygen

import (
	"bytes"
	"fmt"
	"strings"
	"time"
)

const (
	entryDate = "2006-01-02 15:04"
	logTime   = time.RFC3339
)

// render writes the story file.
func render(s *spec) []byte {
	var b bytes.Buffer
	b.Grow(8 << 10)
	renderFront(&b, s)
	renderContract(&b, s)
	renderPlans(&b, s)
	renderIterations(&b, s)
	renderEvaluations(&b, s)
	renderDecisions(&b, s)
	renderEvidence(&b, s)
	renderLog(&b, s)
	return b.Bytes()
}

func renderFront(b *bytes.Buffer, s *spec) {
	updated := s.updated().Format(logTime)
	if s.quoteUpdated {
		updated = `"` + updated + `"`
	}
	fmt.Fprintf(b, "---\nschema: enso.story/v1\nid: %s\ntitle: %s\nstate: %s\nactive_role: %s\n",
		s.id, s.title, s.state, activeRole(s.state))
	fmt.Fprintf(b, "iteration: %d\nmax_iterations: %d\ncreated_at: %s\nupdated_at: %s\npriority: %s\n",
		s.iteration, s.maxIter, s.created.Format(logTime), updated, s.priority)
	fmt.Fprintf(b, "kind: execution\ntags: [%s]\ndepends_on: [%s]\ndependent_stories: [%s]\ncurrent_contract_version: 1\n\n",
		strings.Join(s.tags, ", "), strings.Join(s.dependsOn, ", "), strings.Join(s.dependent, ", "))
	b.WriteString("scope:\n  write:\n")
	yamlList(b, "    ", s.d.write())
	b.WriteString("  read:\n")
	yamlList(b, "    ", readScope(s))
	b.WriteString("  exclude:\n")
	yamlList(b, "    ", excludeScope)
	b.WriteString("\nacceptance_criteria:\n")
	for _, a := range s.acs {
		fmt.Fprintf(b, "  - id: %s\n    text: %s\n", a.id, a.text)
	}
	b.WriteString("\nverification:\n")
	for _, c := range s.checks {
		fmt.Fprintf(b, "  - id: %s\n    command: %s\n    pass_when: %s\n", c.id, c.command, c.passWhen)
	}
	b.WriteString("---\n\n")
}

var excludeScope = []string{".git/"}

func readScope(s *spec) []string {
	return []string{"docs/core/ARCHITECTURE.md", s.d.convention}
}

// activeRole is the role that holds the turn at a state.
func activeRole(state string) string {
	switch state {
	case "seeded", "planning":
		return "planner"
	case "ready", "generating":
		return "generator"
	case "evaluating":
		return "evaluator"
	case "done":
		return "none"
	}
	return "human"
}

func yamlList(b *bytes.Buffer, indent string, items []string) {
	for _, it := range items {
		b.WriteString(indent + "- " + it + "\n")
	}
}

func mdList(b *bytes.Buffer, items []string) {
	for _, it := range items {
		b.WriteString("- " + it + "\n")
	}
}

func renderContract(b *bytes.Buffer, s *spec) {
	fmt.Fprintf(b, "# %s %s\n\n## Goal\n%s\n\n## Non-Goals\n", s.id, s.title, s.goal)
	mdList(b, s.nonGoals)
	b.WriteString("\n## Constraints\n")
	mdList(b, s.constraint)
	mark := " "
	if s.state == "accepted" || s.state == "done" {
		mark = "x"
	}
	b.WriteString("\n## Acceptance Criteria\n")
	for _, a := range s.acs {
		fmt.Fprintf(b, "- [%s] %s %s\n", mark, a.id, a.text)
	}
	b.WriteString("\n## Verification Contract\n")
	for _, c := range s.checks {
		fmt.Fprintf(b, "- [%s] %s `%s`\n", mark, c.id, c.command)
	}
	b.WriteString("\n## Context Scope\n**Write:**\n")
	mdList(b, s.d.write())
	b.WriteString("\n**Read:**\n")
	mdList(b, readScope(s))
	b.WriteString("\n**Exclude:**\n")
	mdList(b, excludeScope)
	b.WriteString("\n")
}

func renderPlans(b *bytes.Buffer, s *spec) {
	b.WriteString("## Planner Output\n\n")
	for i, p := range s.plans {
		fmt.Fprintf(b, "### Plan v%d\n**Date:** %s\n\n#### Summary\n%s\n\n#### Steps\n", i+1, p.at.Format(entryDate), p.summary)
		for k, st := range p.steps {
			fmt.Fprintf(b, "%d. %s\n", k+1, st)
		}
		b.WriteString("\n")
		part(b, "Assumptions", p.assumptions)
		part(b, "Risks", p.risks)
		part(b, "Open Questions", p.qs)
	}
}

// part writes a #### part holding a list, followed by a blank line.
func part(b *bytes.Buffer, name string, items []string) {
	fmt.Fprintf(b, "#### %s\n", name)
	mdList(b, items)
	b.WriteString("\n")
}

func renderIterations(b *bytes.Buffer, s *spec) {
	b.WriteString("## Generator Iterations\n\n")
	for i, it := range s.iterations {
		fmt.Fprintf(b, "### Iteration %d\n**Date:** %s\n\n#### Summary\n%s\n\n", i+1, it.at.Format(entryDate), it.summary)
		part(b, "Files Changed", it.files)
		cmds := make([]string, len(it.commands))
		for k, c := range it.commands {
			cmds[k] = "`" + c + "`"
		}
		part(b, "Commands Run", cmds)
		part(b, "Assumptions", it.assumptions)
		part(b, "Disputes", it.disputes)
	}
}

func renderEvaluations(b *bytes.Buffer, s *spec) {
	b.WriteString("## Evaluator Results\n\n")
	for _, e := range s.evals {
		fmt.Fprintf(b, "### Evaluation %d\n**Date:** %s\n**Status:** %s\n\n", e.n, e.at.Format(entryDate), e.status)
		b.WriteString("#### Tool Findings\n| Verification ID | Command | Result | Output Ref |\n|---|---|---|---|\n")
		for i, c := range s.checks {
			fmt.Fprintf(b, "| %s | `%s` | %s | runs/%d/%s.log |\n", c.id, c.command, e.results[i], e.n, strings.ToLower(c.id))
		}
		b.WriteString("\n#### Convention Findings\n| File | Line | Convention Doc | Section | Violation |\n|---|---|---|---|---|\n")
		for _, f := range e.findings {
			fmt.Fprintf(b, "| %s | %d | %s | %s | %s |\n", f.file, f.line, f.doc, f.sect, f.violation)
		}
		b.WriteString("\n#### Design Findings\n| Concern | Story Ref | Generator Approach | Quality Concern |\n|---|---|---|---|\n")
		for _, d := range e.design {
			fmt.Fprintf(b, "| %s | %s | %s | %s |\n", d[0], d[1], d[2], d[3])
		}
		b.WriteString("\n#### Actionable Feedback\n")
		b.WriteString(strings.Join(e.feedback, "\n") + "\n\n")
	}
}

func renderDecisions(b *bytes.Buffer, s *spec) {
	b.WriteString("## Human Decisions\n\n")
	for i, d := range s.decisions {
		fmt.Fprintf(b, "### Decision %d\n**Date:** %s\n**At state:** %s\n**Decision:** %s\n**Rationale:** %s\n**Binding:** true\n\n",
			i+1, d.at.Format(entryDate), d.state, d.decision, d.rationale)
	}
}

func renderEvidence(b *bytes.Buffer, s *spec) {
	b.WriteString("## Evidence\n\n")
	if len(s.evals) == 0 {
		return
	}
	last := s.evals[len(s.evals)-1]
	b.WriteString("### Verification Runs\n| Verification ID | Command | Result | Exit Code | Output Ref |\n|---|---|---|---|---|\n")
	for i, c := range s.checks {
		fmt.Fprintf(b, "| %s | `%s` | %s | %s | runs/%d/%s.log |\n", c.id, c.command, last.results[i], exitCode(last.results[i]), last.n, strings.ToLower(c.id))
	}
	b.WriteString("\n### Changed Files\n")
	mdList(b, changedFiles(s))
	b.WriteString("\n### Conventions Loaded\n")
	mdList(b, []string{s.d.convention + "#errors", s.d.convention + "#testing"})
	b.WriteString("\n")
}

func exitCode(result string) string {
	switch result {
	case "PASS":
		return "0"
	case "FAIL":
		return "1"
	}
	return "-"
}

// changedFiles is the union of the iterations' files, in first-seen order.
func changedFiles(s *spec) []string {
	seen := map[string]bool{}
	var out []string
	for _, it := range s.iterations {
		for _, f := range it.files {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	return out
}

func renderLog(b *bytes.Buffer, s *spec) {
	b.WriteString("## Transition Log\n| Time | Actor | Event | From | To | Note |\n|---|---|---|---|---|---|\n")
	for _, r := range s.rows {
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", r.at.Format(logTime), r.actor, r.event, r.from, r.to, r.note)
	}
}
