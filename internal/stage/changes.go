package stage

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/storygate/storygate/internal/inert"
)

// maxValueWidth caps how much of a changed value the change list shows.
const maxValueWidth = 80

// StageChange is what happened to one stage between two compiled graphs.
type StageChange struct {
	Slug   string
	Phase  string
	Kind   string   // "added", "removed" or "changed"
	Fields []string // changed fields, sorted
	lines  []string // rendered field changes
}

// Changes compares two compiled graphs stage by stage. A nil base means the
// stage set is new. The result is sorted by phase, then slug.
func Changes(base, head *Graph) []StageChange {
	baseNodes, headNodes := nodesBySlug(base), nodesBySlug(head)
	var out []StageChange
	for slug, h := range headNodes {
		b, ok := baseNodes[slug]
		switch {
		case !ok:
			out = append(out, StageChange{Slug: slug, Phase: h.Phase, Kind: "added"})
		default:
			if c := nodeChange(b, h); len(c.Fields) > 0 {
				out = append(out, c)
			}
		}
	}
	for slug, b := range baseNodes {
		if _, ok := headNodes[slug]; !ok {
			out = append(out, StageChange{Slug: slug, Phase: b.Phase, Kind: "removed"})
		}
	}
	sort.Slice(out, func(i, j int) bool { return changeLess(out[i], out[j]) })
	return out
}

func changeLess(a, b StageChange) bool {
	if pa, pb := phasePrefix(a.Phase), phasePrefix(b.Phase); pa != pb {
		return pa < pb
	}
	return a.Slug < b.Slug
}

func nodesBySlug(g *Graph) map[string]Node {
	out := map[string]Node{}
	if g != nil {
		for _, n := range g.Stages {
			out[n.Slug] = n
		}
	}
	return out
}

// nodeChange compares two versions of a stage field by field, through
// their JSON form so every compiled field is covered.
func nodeChange(base, head Node) StageChange {
	c := StageChange{Slug: head.Slug, Phase: head.Phase, Kind: "changed"}
	bf, hf := jsonFields(base), jsonFields(head)
	for _, key := range unionKeys(bf, hf) {
		if string(bf[key]) == string(hf[key]) {
			continue
		}
		c.Fields = append(c.Fields, key)
		before, after := showPair(bf[key], hf[key])
		c.lines = append(c.lines, fmt.Sprintf("`%s`: %s → %s", key, before, after))
	}
	return c
}

func jsonFields(n Node) map[string]json.RawMessage {
	data, _ := json.Marshal(n) // a Node always marshals
	var m map[string]json.RawMessage
	_ = json.Unmarshal(data, &m)
	return m
}

func unionKeys(a, b map[string]json.RawMessage) []string {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	return sortedKeys(keys)
}

// showPair renders the two values of a changed field. A value longer than
// maxValueWidth is cut to a window around where the two first differ, the
// same window in both, so the difference is always in view: cutting both
// at the same prefix would show a long value changed near its end as two
// identical strings.
func showPair(base, head json.RawMessage) (string, string) {
	b, h := []rune(string(base)), []rune(string(head))
	if len(b) <= maxValueWidth && len(h) <= maxValueWidth {
		return showRunes(base == nil, b, 0), showRunes(head == nil, h, 0)
	}
	from := max(firstDifference(b, h)-maxValueWidth/4, 0)
	return showRunes(base == nil, b, from), showRunes(head == nil, h, from)
}

// firstDifference is the index of the first rune where a and b differ (the
// shorter one's length when one is a prefix of the other).
func firstDifference(a, b []rune) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// showRunes renders v from rune index from, at most maxValueWidth runes,
// marking what was left out at either end with "…".
func showRunes(absent bool, v []rune, from int) string {
	if absent {
		return "_(absent)_"
	}
	from = min(from, len(v))
	to := min(from+maxValueWidth, len(v))
	s := string(v[from:to])
	if from > 0 {
		s = "…" + s
	}
	if to < len(v) {
		s += "…"
	}
	return inert.Code(s)
}

// DescribeChange renders, for the PR gate's sticky comment, what changed in
// the compiled stage graph: a list of added, removed and changed stages and,
// for each affected phase, a Mermaid diagram of that phase in the head graph
// with the changed stages highlighted. It returns "" when nothing changed.
func DescribeChange(base, head *Graph) string {
	changes := Changes(base, head)
	if len(changes) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString("#### Stage graph changes\n\n")
	for _, c := range changes {
		writeChangeLine(&sb, c)
	}
	for _, phase := range affectedPhases(changes) {
		if diagram := phaseDiagram(head, phase, changes); diagram != "" {
			fmt.Fprintf(&sb, "\n**%s**\n\n%s", inert.Inline(phase), diagram)
		}
	}
	return sb.String()
}

func writeChangeLine(sb *strings.Builder, c StageChange) {
	// The slug and phase are the stage file's text: rendered inert.
	fmt.Fprintf(sb, "- %s %s (%s)\n", c.Kind, inert.Code(c.Slug), inert.Inline(c.Phase))
	for _, l := range c.lines {
		fmt.Fprintf(sb, "  - %s\n", l)
	}
}

func affectedPhases(changes []StageChange) []string {
	var out []string
	for _, c := range changes {
		if !contains(out, c.Phase) {
			out = append(out, c.Phase)
		}
	}
	return out
}

// phaseDiagram draws the phase's stages in display order with their
// requires_stage edges; stages of other phases they require appear as
// dashed inputs.
func phaseDiagram(head *Graph, phase string, changes []StageChange) string {
	nodes := phaseNodes(head, phase)
	if len(nodes) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString("```mermaid\nflowchart TD\n")
	external := map[string]bool{}
	for _, n := range nodes {
		fmt.Fprintf(&sb, "  %s[\"%s %s\"]\n", mermaidID(n.Slug), mermaidText(n.DisplayOrder), mermaidText(n.Slug))
	}
	for _, n := range nodes {
		writeEdges(&sb, n, phase, head, external)
	}
	writeClasses(&sb, phase, changes, external)
	sb.WriteString("```\n")
	return sb.String()
}

func phaseNodes(g *Graph, phase string) []Node {
	var out []Node
	if g == nil {
		return nil
	}
	for _, n := range g.Stages {
		if n.Phase == phase {
			out = append(out, n)
		}
	}
	return out
}

func writeEdges(sb *strings.Builder, n Node, phase string, g *Graph, external map[string]bool) {
	phaseOf := map[string]string{}
	for _, s := range g.Stages {
		phaseOf[s.Slug] = s.Phase
	}
	for _, dep := range n.RequiresStage {
		if phaseOf[dep] == phase {
			fmt.Fprintf(sb, "  %s --> %s\n", mermaidID(dep), mermaidID(n.Slug))
			continue
		}
		if !external[dep] {
			external[dep] = true
			label := dep
			if phaseOf[dep] == "" {
				label += " (not in graph)"
			}
			fmt.Fprintf(sb, "  %s([\"%s\"])\n", mermaidID(dep), mermaidText(label))
		}
		fmt.Fprintf(sb, "  %s -.-> %s\n", mermaidID(dep), mermaidID(n.Slug))
	}
}

func writeClasses(sb *strings.Builder, phase string, changes []StageChange, external map[string]bool) {
	sb.WriteString("  classDef added fill:#dafbe1,stroke:#1a7f37\n")
	sb.WriteString("  classDef changed fill:#fff8c5,stroke:#9a6700\n")
	sb.WriteString("  classDef external fill:#f6f8fa,stroke:#8c959f,stroke-dasharray:3\n")
	for _, c := range changes {
		if c.Phase == phase && c.Kind != "removed" {
			fmt.Fprintf(sb, "  class %s %s\n", mermaidID(c.Slug), c.Kind)
		}
	}
	for _, slug := range sortedKeys(external) {
		fmt.Fprintf(sb, "  class %s external\n", mermaidID(slug))
	}
}

// mermaidID turns a slug into an identifier Mermaid accepts.
func mermaidID(slug string) string {
	var sb strings.Builder
	sb.WriteString("s_")
	for _, r := range slug {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			sb.WriteRune(r)
		} else {
			sb.WriteByte('_')
		}
	}
	return sb.String()
}

// mermaidText escapes a label for a quoted Mermaid node.
func mermaidText(s string) string {
	return strings.NewReplacer(`"`, "#quot;", "\n", " ", "`", "'").Replace(s)
}
