package rules

import (
	"sort"
	"strconv"
	"strings"

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
