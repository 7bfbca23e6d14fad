package rules

import (
	"slices"
	"strconv"
	"strings"

	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// front returns the frontmatter, or nil when it is missing or broken (those
// defects have rules of their own, so other rules stay quiet).
func front(p *Pass) *story.Frontmatter { return p.Head.Front }

// plainList renders names (strings or typed lifecycle values) as a, b, c.
func plainList[T ~string](names []T) string { return strings.Join(lifecycle.Names(names), ", ") }

func sortedKeys[T ~string](m map[T]bool) []T {
	out := make([]T, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// problemRule builds a rule that reports the parser's problems of its ID.
func problemRule(r *Rule) *Rule {
	r.CheckFile = func(p *Pass) {
		for _, pr := range p.Head.Problems {
			if pr.Rule == r.ID {
				p.Report(pr.Pos, "%s", pr.Message)
			}
		}
	}
	return r
}

func itoa(n int) string { return strconv.Itoa(n) }

// legalRow returns the transition a log row makes when it is well formed
// and in the §5 table (its From and Event known, its To the one they lead
// to). Rules that judge a row (its actor, its human gate, the iteration
// limit) judge only legal rows: transition/log-format and transition/illegal
// report the others, once.
func legalRow(r *story.LogRow) (lifecycle.Transition, bool) {
	if !r.WellFormed() {
		return lifecycle.Transition{}, false
	}
	t, ok := lifecycle.Lookup(r.FromState(), r.EventName())
	return t, ok && t.To == r.ToState()
}
