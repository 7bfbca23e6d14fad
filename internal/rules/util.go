package rules

import (
	"sort"
	"strconv"
	"strings"

	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// front returns the frontmatter, or nil when it is missing or broken (those
// defects have rules of their own, so other rules stay quiet).
func front(p *Pass) *story.Frontmatter { return p.Head.Front }

// plainList renders names as a, b, c.
func plainList(names []string) string { return strings.Join(names, ", ") }

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
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
	t, ok := lifecycle.Lookup(story.Token(r.From.Text), story.Token(r.Event.Text))
	return t, ok && t.To == story.Token(r.To.Text)
}
