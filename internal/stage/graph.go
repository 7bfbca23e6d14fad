package stage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/jsonstrict"
)

// GraphVersion is the version of the stage-graph.json layout.
const GraphVersion = 1

// Default review settings the compile makes explicit on reviewer-bearing stages.
const (
	defaultReviewerMaxIterations = 2
	defaultReviewClass           = "adversarial"
)

// Graph is the compiled stage-graph.json.
type Graph struct {
	Version   int                          `json:"version"`
	Stages    []Node                       `json:"stages"`
	Artifacts map[string]Artifact          `json:"artifacts"`
	Scopes    []string                     `json:"scopes"`
	ScopeGrid map[string]map[string]string `json:"scope_grid"`
}

// Node is one compiled stage: its authored fields plus what the compile
// computes (name, display_order, cites, aggregates, effective review
// settings). An optional field the stage does not declare is omitted; one it
// declares is kept as authored (`workspace_requires: false`, `scopes: []`),
// as the reference compiler copies every defined optional field.
type Node struct {
	Slug                  string              `json:"slug"`
	Name                  string              `json:"name,omitempty"`
	Number                string              `json:"number,omitempty"`
	Plugin                string              `json:"plugin,omitempty"`
	Phase                 string              `json:"phase"`
	DisplayOrder          string              `json:"display_order"`
	Execution             string              `json:"execution"`
	Condition             string              `json:"condition"`
	LeadAgent             string              `json:"lead_agent"`
	SupportAgents         []string            `json:"support_agents"`
	Mode                  string              `json:"mode"`
	Reviewer              string              `json:"reviewer,omitempty"`
	ReviewArtifact        string              `json:"review_artifact,omitempty"`
	ReviewerMaxIterations int                 `json:"reviewer_max_iterations,omitempty"`
	ReviewClass           string              `json:"review_class,omitempty"`
	SummaryConfirmation   string              `json:"summary_confirmation,omitempty"`
	ForEach               string              `json:"for_each,omitempty"`
	Aggregates            []Aggregate         `json:"aggregates,omitempty"`
	WorkspaceRequires     *bool               `json:"workspace_requires,omitempty"`
	Produces              []string            `json:"produces"`
	OptionalProduces      []string            `json:"optional_produces,omitempty"`
	ProducesKinds         map[string][]string `json:"produces_kinds,omitempty"`
	Consumes              []ConsumeEntry      `json:"consumes"`
	Cites                 []string            `json:"cites"`
	RequiresStage         []string            `json:"requires_stage"`
	Scopes                *[]string           `json:"scopes,omitempty"`
	// Sensors is nil when the stage does not declare the key; an authored
	// `sensors: []` is kept, as the reference compiler keeps it.
	Sensors          *[]string         `json:"sensors,omitempty"`
	RequiredSections []string          `json:"required_sections,omitempty"`
	When             map[string]string `json:"when,omitempty"`
	Ars              *ArsEntry         `json:"ars,omitempty"`
	Inputs           string            `json:"inputs"`
	Outputs          string            `json:"outputs"`
}

// Aggregate records an inferred aggregation: this stage, which has no
// for_each, consumes an artifact that a for_each stage produces per instance.
type Aggregate struct {
	Artifact string `json:"artifact"`
	From     string `json:"from"`
	ForEach  string `json:"for_each"`
}

// ConsumeEntry is a compiled consumes[] entry, kept as authored.
type ConsumeEntry struct {
	Artifact      string `json:"artifact"`
	Required      bool   `json:"required"`
	ConditionalOn string `json:"conditional_on,omitempty"`
	Cited         bool   `json:"cited,omitempty"`
}

// ArsEntry is the compiled ars block; a null cost stays null.
type ArsEntry struct {
	Targets      []string `json:"targets"`
	Cost         *int     `json:"cost"`
	Role         string   `json:"role,omitempty"`
	ProjectTypes []string `json:"project_types,omitempty"`
}

// Artifact is one entry of the artifact registry.
type Artifact struct {
	Producers []string `json:"producers"`
	Consumers []string `json:"consumers"`
}

// Compile checks the set and, when nothing is at error severity, builds the
// graph. The diagnostics (warnings included) come back either way.
func Compile(s *Set) (*Graph, []diag.Diagnostic) { return CompileJudged(s, nil) }

// CompileJudged is Compile with the run's judgement of the findings: judge
// (the configured severities, config.ApplySeverities) decides whether a
// finding is still an error, so a rule a repository turned down to a
// warning, or off, no longer keeps its graph from being built; that is the
// escape hatch for a stage set older or newer than these rules. The
// findings come back as found, for the run's pipeline to judge once. A nil
// judge takes the findings as they are.
func CompileJudged(s *Set, judge func([]diag.Diagnostic) []diag.Diagnostic) (*Graph, []diag.Diagnostic) {
	ds := Check(s)
	judged := ds
	if judge != nil {
		judged = judge(ds)
	}
	if diag.Count(judged).Errors > 0 {
		return nil, ds
	}
	return build(s), ds
}

// BuildWithout builds the graph of the stages of s whose slug is not in
// leftOut, whatever their findings: the part of a set that does not
// compile which does, so that the PR comment can still show how the graph
// changed (ErrorSlugs says what to leave out). The graph is for
// describing a change, never for writing as stage-graph.json.
func BuildWithout(s *Set, leftOut map[string]bool) *Graph {
	sub := &Set{Agents: s.Agents, Scopes: s.Scopes}
	for _, f := range s.Files {
		if !leftOut[fileSlug(f)] {
			sub.Files = append(sub.Files, f)
		}
	}
	return build(sub)
}

// ErrorSlugs returns the slugs of the stage files of s that have an error
// among ds: a file that does not parse by its file name, which is its slug
// (docs/stages.md).
func (s *Set) ErrorSlugs(ds []diag.Diagnostic) map[string]bool {
	withErrors := map[string]bool{}
	for _, d := range ds {
		if d.Severity == diag.SeverityError {
			withErrors[d.File] = true
		}
	}
	out := map[string]bool{}
	for _, f := range s.Files {
		if withErrors[f.Path] {
			out[fileSlug(f)] = true
		}
	}
	return out
}

// fileSlug is the slug a stage file declares, else its file name.
func fileSlug(f *File) string {
	if f.Parsed() {
		if slug := scalarValue(f.Get("slug")); slug != "" {
			return slug
		}
	}
	return f.Stem
}

func build(s *Set) *Graph {
	orders := displayOrders(s)
	prod := producers(s)
	by := s.BySlug()
	g := &Graph{Version: GraphVersion}
	for _, st := range uniqueStages(s) {
		g.Stages = append(g.Stages, node(st, orders[st.Slug], prod, by))
	}
	sort.SliceStable(g.Stages, func(i, j int) bool { return orderLess(g.Stages[i].DisplayOrder, g.Stages[j].DisplayOrder) })
	if g.Stages == nil {
		g.Stages = []Node{}
	}
	g.Artifacts = artifactRegistry(s, prod)
	g.Scopes, g.ScopeGrid = scopeGrid(s, g.Stages)
	return g
}

// orderLess compares display orders numerically ("3.10" after "3.9").
func orderLess(a, b string) bool {
	ap, as, _ := strings.Cut(a, ".")
	bp, bs, _ := strings.Cut(b, ".")
	if ap != bp {
		return atoiOr(ap) < atoiOr(bp)
	}
	return atoiOr(as) < atoiOr(bs)
}

func atoiOr(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 1 << 30
	}
	return n
}

func node(st *Stage, order string, prod map[string][]string, by map[string]*Stage) Node {
	n := Node{
		Slug: st.Slug, Name: displayName(st), Number: st.Number, Plugin: st.Plugin, Phase: st.Phase,
		DisplayOrder: order, Execution: st.Execution, Condition: st.Condition,
		LeadAgent: st.LeadAgent, SupportAgents: nonNil(st.SupportAgents), Mode: st.Mode,
		SummaryConfirmation: st.SummaryConfirmation, ForEach: st.ForEach,
		WorkspaceRequires: authoredBool(st), Produces: nonNil(st.Produces),
		OptionalProduces: st.OptionalProduces, ProducesKinds: st.ProducesKinds,
		RequiresStage: unique(st.RequiresStage), Scopes: authored(st.Scopes),
		Sensors: authored(st.Sensors), RequiredSections: st.RequiredSections, When: st.When,
		Inputs: st.Inputs, Outputs: st.Outputs,
	}
	setReview(&n, st)
	n.Consumes, n.Cites = consumeEntries(st.Consumes)
	n.Aggregates = aggregates(st, prod, by)
	n.Ars = arsEntry(st.Ars)
	return n
}

// setReview makes the reviewer defaults explicit so the engine and a reader
// of the graph see the effective cap and class.
func setReview(n *Node, st *Stage) {
	if st.Reviewer == "" {
		return
	}
	n.Reviewer, n.ReviewArtifact = st.Reviewer, st.ReviewArtifact
	n.ReviewerMaxIterations, n.ReviewClass = st.ReviewerMaxIterations, st.ReviewClass
	if n.ReviewerMaxIterations == 0 {
		n.ReviewerMaxIterations = defaultReviewerMaxIterations
	}
	if n.ReviewClass == "" {
		n.ReviewClass = defaultReviewClass
	}
}

func consumeEntries(cs []Consume) ([]ConsumeEntry, []string) {
	entries, cites := []ConsumeEntry{}, []string{}
	for _, c := range cs {
		entries = append(entries, ConsumeEntry{Artifact: c.Artifact, Required: c.Required, ConditionalOn: c.ConditionalOn, Cited: c.Cited})
		if c.Cited && !contains(cites, c.Artifact) {
			cites = append(cites, c.Artifact)
		}
	}
	return entries, cites
}

// aggregates infers aggregation: a stage without for_each consuming what a
// for_each stage produces runs once over all of that stage's instances.
func aggregates(st *Stage, prod map[string][]string, by map[string]*Stage) []Aggregate {
	if st.ForEach != "" {
		return nil
	}
	var out []Aggregate
	for _, c := range st.Consumes {
		for _, p := range prod[c.Artifact] {
			if fe := by[p].ForEach; fe != "" && p != st.Slug {
				out = append(out, Aggregate{Artifact: c.Artifact, From: p, ForEach: fe})
			}
		}
	}
	return out
}

func arsEntry(a *Ars) *ArsEntry {
	if a == nil {
		return nil
	}
	return &ArsEntry{Targets: nonNil(a.Targets), Cost: a.Cost, Role: a.Role, ProjectTypes: a.ProjectTypes}
}

func artifactRegistry(s *Set, prod map[string][]string) map[string]Artifact {
	reg := map[string]Artifact{}
	for name, makers := range prod {
		reg[name] = Artifact{Producers: makers, Consumers: []string{}}
	}
	for _, st := range uniqueStages(s) {
		for _, c := range st.Consumes {
			a, ok := reg[c.Artifact]
			if !ok {
				a = Artifact{Producers: []string{}, Consumers: []string{}}
			}
			if !contains(a.Consumers, st.Slug) {
				a.Consumers = append(a.Consumers, st.Slug)
			}
			reg[c.Artifact] = a
		}
	}
	return reg
}

// scopeGrid marks each stage EXECUTE under the scopes it names and SKIP
// under every other known scope (those with a file, and those any stage names).
func scopeGrid(s *Set, nodes []Node) ([]string, map[string]map[string]string) {
	names := map[string]bool{}
	for name := range s.Scopes {
		names[name] = true
	}
	for _, n := range nodes {
		for _, sc := range n.scopeList() {
			names[sc] = true
		}
	}
	grid := map[string]map[string]string{}
	for name := range names {
		row := map[string]string{}
		for _, n := range nodes {
			row[n.Slug] = "SKIP"
			if contains(n.scopeList(), name) {
				row[n.Slug] = "EXECUTE"
			}
		}
		grid[name] = row
	}
	return sortedKeys(names), grid
}

func nonNil(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}

// Marshal encodes the graph as indented JSON with a trailing newline. Maps
// encode with sorted keys and structs in field order, so equal graphs give
// equal bytes.
func Marshal(g *Graph) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(g); err != nil {
		return nil, fmt.Errorf("encode stage graph: %w", err)
	}
	return buf.Bytes(), nil
}

// ReadGraph decodes a stage-graph.json written by Marshal, strictly
// (internal/jsonstrict: no key twice in one object, errors at line:col).
func ReadGraph(data []byte) (*Graph, error) {
	var g Graph
	if err := jsonstrict.Decode(data, &g, jsonstrict.AllowUnknownFields); err != nil {
		return nil, fmt.Errorf("decode stage graph: %w", err)
	}
	if g.Version != GraphVersion {
		return nil, fmt.Errorf("decode stage graph: version %d, want %d", g.Version, GraphVersion)
	}
	return &g, nil
}

// authored keeps a list the stage declared, even empty, and drops one it
// did not (nil).
func authored(list []string) *[]string {
	if list == nil {
		return nil
	}
	return &list
}

// scopeList is the scopes the node names; absent and [] name none.
func (n Node) scopeList() []string {
	if n.Scopes == nil {
		return nil
	}
	return *n.Scopes
}

// displayName is the stage's authored name, else its slug title-cased word
// by word ("nfr-design" -> "Nfr Design"), as the reference compiler's
// titleCaseSlug derives it.
func displayName(st *Stage) string {
	if st.Name != "" {
		return st.Name
	}
	words := strings.Split(st.Slug, "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// authoredBool keeps workspace_requires when the stage declares it (false
// included) and drops it when the stage does not.
func authoredBool(st *Stage) *bool {
	if st.File == nil || st.File.Get("workspace_requires") == nil {
		return nil
	}
	v := st.WorkspaceRequires
	return &v
}
