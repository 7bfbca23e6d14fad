package stage

import (
	"strconv"

	"gopkg.in/yaml.v3"
)

// Consume is one consumes[] entry.
type Consume struct {
	Artifact      string
	Required      bool
	ConditionalOn string
	Cited         bool
	node          *yaml.Node
}

// Ars is the stage's composer screening prior.
type Ars struct {
	Targets      []string
	Cost         *int
	Role         string
	ProjectTypes []string
}

// Stage is the typed view of a parsed stage file. Decoding is lenient: a
// value of the wrong shape is left empty here, since the rules report it.
type Stage struct {
	File                  *File
	Slug                  string
	Name                  string
	Number                string
	Plugin                string
	Phase                 string
	Execution             string
	Condition             string
	LeadAgent             string
	SupportAgents         []string
	Mode                  string
	Reviewer              string
	ReviewArtifact        string
	ReviewerMaxIterations int
	ReviewClass           string
	SummaryConfirmation   string
	ForEach               string
	WorkspaceRequires     bool
	Produces              []string
	OptionalProduces      []string
	ProducesKinds         map[string][]string
	Consumes              []Consume
	RequiresStage         []string
	Scopes                []string
	Sensors               []string
	RequiredSections      []string
	When                  map[string]string
	Ars                   *Ars
	Inputs                string
	Outputs               string
}

// Stages returns the typed view of every parsed file, in path order.
func (s *Set) Stages() []*Stage {
	if s.stages == nil {
		s.stages = []*Stage{}
		for _, f := range s.Files {
			if f.Parsed() {
				s.stages = append(s.stages, decodeStage(f))
			}
		}
	}
	return s.stages
}

// BySlug maps each slug to its first stage in path order.
func (s *Set) BySlug() map[string]*Stage {
	out := map[string]*Stage{}
	for _, st := range s.Stages() {
		if _, dup := out[st.Slug]; !dup && st.Slug != "" {
			out[st.Slug] = st
		}
	}
	return out
}

func decodeStage(f *File) *Stage {
	st := &Stage{File: f}
	decodeStrings(f, st)
	decodeLists(f, st)
	st.ReviewerMaxIterations, _ = intValue(f.Get("reviewer_max_iterations"))
	st.WorkspaceRequires, _ = boolValue(f.Get("workspace_requires"))
	st.ProducesKinds = decodeKinds(f.Get("produces_kinds"))
	st.Consumes = decodeConsumes(f.Get("consumes"))
	st.When = decodeWhen(f.Get("when"))
	st.Ars = decodeArs(f.Get("ars"))
	return st
}

func decodeStrings(f *File, st *Stage) {
	for key, dst := range map[string]*string{
		"slug": &st.Slug, "name": &st.Name, "number": &st.Number, "plugin": &st.Plugin,
		"phase": &st.Phase, "execution": &st.Execution, "condition": &st.Condition,
		"lead_agent": &st.LeadAgent, "mode": &st.Mode, "reviewer": &st.Reviewer,
		"review_artifact": &st.ReviewArtifact, "review_class": &st.ReviewClass,
		"summary_confirmation": &st.SummaryConfirmation, "for_each": &st.ForEach,
		"inputs": &st.Inputs, "outputs": &st.Outputs,
	} {
		*dst = scalarValue(f.Get(key))
	}
}

func decodeLists(f *File, st *Stage) {
	for key, dst := range map[string]*[]string{
		"support_agents": &st.SupportAgents, "produces": &st.Produces,
		"optional_produces": &st.OptionalProduces, "requires_stage": &st.RequiresStage,
		"scopes": &st.Scopes, "sensors": &st.Sensors, "required_sections": &st.RequiredSections,
	} {
		*dst = stringItems(f.Get(key))
	}
}

// scalarValue returns the text of a non-null scalar, else "".
func scalarValue(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return ""
	}
	return n.Value
}

// stringItems returns the scalar items of a sequence; other shapes give nil.
func stringItems(n *yaml.Node) []string {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	out := []string{}
	for _, it := range n.Content {
		if it.Kind == yaml.ScalarNode && it.Tag != "!!null" {
			out = append(out, it.Value)
		}
	}
	return out
}

func intValue(n *yaml.Node) (int, bool) {
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		return 0, false
	}
	v, err := strconv.Atoi(n.Value)
	return v, err == nil
}

func boolValue(n *yaml.Node) (bool, bool) {
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		return false, false
	}
	var b bool
	err := n.Decode(&b)
	return b, err == nil
}

// mapPairs returns the key/value pairs of a mapping node, first key wins.
func mapPairs(n *yaml.Node) [][2]*yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	seen := map[string]bool{}
	var out [][2]*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; !seen[k.Value] {
			seen[k.Value] = true
			out = append(out, [2]*yaml.Node{k, n.Content[i+1]})
		}
	}
	return out
}

func decodeKinds(n *yaml.Node) map[string][]string {
	pairs := mapPairs(n)
	if pairs == nil {
		return nil
	}
	out := map[string][]string{}
	for _, p := range pairs {
		out[p[0].Value] = stringItems(p[1])
	}
	return out
}

func decodeConsumes(n *yaml.Node) []Consume {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	out := []Consume{}
	for _, e := range n.Content {
		if e.Kind != yaml.MappingNode {
			continue
		}
		_, art := mapLookup(e, "artifact")
		_, req := mapLookup(e, "required")
		_, cond := mapLookup(e, "conditional_on")
		_, cited := mapLookup(e, "cited")
		c := Consume{Artifact: scalarValue(art), ConditionalOn: scalarValue(cond), node: e}
		c.Required, _ = boolValue(req)
		c.Cited, _ = boolValue(cited)
		out = append(out, c)
	}
	return out
}

func decodeWhen(n *yaml.Node) map[string]string {
	pairs := mapPairs(n)
	if pairs == nil {
		return nil
	}
	out := map[string]string{}
	for _, p := range pairs {
		out[p[0].Value] = scalarValue(p[1])
	}
	return out
}

func decodeArs(n *yaml.Node) *Ars {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	a := &Ars{}
	_, t := mapLookup(n, "targets")
	_, c := mapLookup(n, "cost")
	_, r := mapLookup(n, "role")
	_, pt := mapLookup(n, "project_types")
	a.Targets = stringItems(t)
	if a.Targets == nil {
		a.Targets = []string{}
	}
	if v, ok := intValue(c); ok {
		a.Cost = &v
	}
	a.Role = scalarValue(r)
	a.ProjectTypes = stringItems(pt)
	return a
}
