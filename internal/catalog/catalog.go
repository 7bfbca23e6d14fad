// Package catalog is the one rule catalog: for every rule any engine
// reports (story, hitl, verify, revert, stage, records, workflow), its
// public ID, what it checks, its default severity, its spec section and
// where it is documented. Engines, printers, configuration and the
// documentation read it here, so no two places can disagree on a rule.
// Rule IDs are a public interface: add new ones freely, never rename one.
package catalog

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/storygate/storygate/internal/diag"
)

// Engine names the part of storygate that decides a rule.
type Engine string

// The engines, in documentation order.
const (
	EngineStory    Engine = "story"
	EngineHITL     Engine = "hitl"
	EngineVerify   Engine = "verify"
	EngineRevert   Engine = "revert"
	EngineStage    Engine = "stage"
	EngineRecords  Engine = "records"
	EngineWorkflow Engine = "workflow"
)

// Need says what a story-catalog rule must have to decide (docs/rules.md).
type Need string

// The needs of the story catalog.
const (
	NeedFile Need = "file"
	NeedSet  Need = "set"
	NeedBase Need = "base"
	NeedPR   Need = "pr"
	NeedRun  Need = "run"
)

// rulesDoc is the page every rule without its own help page is
// documented on, under a heading naming the rule.
const rulesDoc = "docs/rules.md"

// Rule is one catalog entry.
type Rule struct {
	// ID is the public, stable rule ID, e.g. "scope/out-of-scope".
	ID string
	// Engine is the part of storygate that reports the rule.
	Engine Engine
	// Need is what a story-catalog rule needs to decide; "" for the rules
	// of engines that judge no story (stage, records, workflow).
	Need Need
	// Spec is the spec section the rule enforces; "" when none is cited.
	Spec string
	// Severity is the default severity (configuration may change it).
	Severity diag.Severity
	// Summary says in one line what the rule checks.
	Summary string
	// helpPage and helpHeading place the rule's documentation when it is
	// not its own heading in docs/rules.md (the record-file rules).
	helpPage, helpHeading string
}

// Help is where the rule is documented: a page of the repository and the
// fragment of its heading, e.g. "docs/rules.md#scopeout-of-scope".
func (r Rule) Help() string {
	page, heading := r.HelpPage()
	return page + "#" + Anchor(heading)
}

// HelpPage is the page the rule is documented on and the heading there.
func (r Rule) HelpPage() (page, heading string) {
	if r.helpPage != "" {
		return r.helpPage, r.helpHeading
	}
	return rulesDoc, "`" + r.ID + "`"
}

// Description is the rule's full description, as its docs/rules.md entry
// opens: what it checks and, for a story-catalog rule, what it needs, its
// spec section and its default severity. "" for the rules whose summary
// is the whole description.
func (r Rule) Description() string {
	if r.Need == "" {
		return ""
	}
	return fmt.Sprintf("%s. Needs: %s. Spec: %s. Default severity: %s.", Sentence(r.Summary), r.Need, r.Spec, r.Severity)
}

// Sentence is s with a capital first letter and no final period, as a
// summary opens a description.
func Sentence(s string) string {
	s = strings.TrimSuffix(strings.TrimSpace(s), ".")
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// Anchor is the fragment GitHub gives a Markdown heading: its text
// (without code backticks) in lower case, with everything but letters,
// digits, spaces, hyphens and underscores dropped and spaces turned into
// hyphens. Repeated headings get -1, -2, … suffixes, which rule headings,
// being unique, never need.
func Anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
