package story

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/yamlerr"
	"github.com/storygate/storygate/internal/yamlfast"
	"github.com/storygate/storygate/internal/yamlstrict"
)

// Frontmatter is the decoded YAML block at the top of a story. Every field
// keeps its position; fields of the wrong type are recorded in TypeErrors
// and left unset.
type Frontmatter struct {
	// StartLine is the file line of the opening ---; EndLine of the closing one.
	StartLine, EndLine int

	// The fields set-level rules read, which a slim story keeps.
	ID, State, Parent           Scalar
	Scope                       Scope
	DependsOn, DependentStories StringList

	// Details holds every other field. A slim story's points to one
	// shared, never written, empty Details: it reads as absent, as it did
	// when slim stories copied the whole struct, at less than half the
	// memory per story (what stays live when validating 100,000 stories).
	*Details

	lineOffset int
	// slimKeyPos holds the positions of slimKeys once Slim has dropped Keys;
	// plain values, so a slim story's frontmatter points at nothing extra.
	slimKeyPos [len(slimKeys)]Pos
}

// Details are the frontmatter fields a slim story drops.
type Details struct {
	// Root is the YAML mapping node.
	Root *yaml.Node
	// Keys indexes the top-level keys by name.
	Keys map[string]KeyValue

	Schema, Title, ActiveRole       Scalar
	Kind, Priority, PendingGate     Scalar
	EscalationReason, BlockedReason Scalar
	Iteration, MaxIterations        Int
	ContractVersion                 Int
	CreatedAt, UpdatedAt            Time
	Acceptance                      Criteria
	Verification                    Checks
	Tags                            StringList

	// TypeErrors are values present with the wrong type or shape.
	TypeErrors []FieldError
	// MissingItemFields are required fields missing inside list items
	// (an acceptance criterion without id, a verification without command).
	MissingItemFields []FieldError
}

// KeyValue is one top-level frontmatter entry.
type KeyValue struct {
	Key   *yaml.Node
	Value *yaml.Node
}

// FieldError is a problem with one field, positioned at the value.
type FieldError struct {
	Field   string
	Pos     Pos
	Message string
}

// parseFrontmatter splits off and decodes the frontmatter, returning the byte
// offset where the body starts (-1 when the body cannot be located).
func (s *Story) parseFrontmatter(beside *Story) int {
	start := 0
	if bytes.HasPrefix(s.Src, []byte("\ufeff")) {
		start = len("\ufeff")
	}
	if strings.TrimRight(strings.TrimPrefix(bytesAsString(s.lines.text(1)), "\ufeff"), " \t") != "---" {
		s.Problems = append(s.Problems, Problem{Rule: "structure/frontmatter-missing", Pos: Pos{Line: 1, Column: 1},
			Message: "story does not start with a --- YAML frontmatter block"})
		return start
	}
	end := s.closingLine()
	if end == 0 {
		s.Problems = append(s.Problems, Problem{Rule: "structure/frontmatter-syntax", Pos: Pos{Line: 1, Column: 1},
			Message: "frontmatter opened at line 1 is never closed by a --- line"})
		return -1
	}
	if !s.shareFrontmatter(end, beside) {
		s.decodeFrontmatter(end)
	}
	return s.lines.start(end + 1)
}

// shareFrontmatter gives s a copy of other's decoded frontmatter when s's
// frontmatter, closed at line end, is byte for byte other's (ParseBeside).
// Only a decoded frontmatter is shared: one that failed left problems on
// other, which s must find for itself.
func (s *Story) shareFrontmatter(end int, other *Story) bool {
	if other == nil || other.Front == nil || other.lines == nil || other.referenceYAML != s.referenceYAML || other.Front.EndLine != end {
		return false
	}
	if !bytes.Equal(s.Src[:s.lines.start(end+1)], other.Src[:other.lines.start(end+1)]) {
		return false
	}
	fm := *other.Front
	s.Front = &fm
	return true
}

// closingLine finds the line that closes the frontmatter, or 0.
func (s *Story) closingLine() int {
	for n := 2; n <= s.lines.count(); n++ {
		t := strings.TrimRight(bytesAsString(s.lines.text(n)), " \t")
		if t == "---" {
			return n
		}
	}
	return 0
}

func (s *Story) decodeFrontmatter(end int) {
	doc, ok := s.decodeYAML(s.Src[s.lines.start(2):s.lines.start(end)])
	if !ok {
		return
	}
	root := &yaml.Node{Kind: yaml.MappingNode}
	if len(doc.Content) > 0 {
		root = doc.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		s.Problems = append(s.Problems, Problem{Rule: "structure/frontmatter-syntax", Pos: Pos{Line: root.Line + 1, Column: root.Column},
			Message: fmt.Sprintf("frontmatter must be a YAML mapping of fields, found %s", kindName(root))})
		return
	}
	fm := &Frontmatter{Details: &Details{Root: root, Keys: make(map[string]KeyValue, len(root.Content)/2)}, StartLine: 1, EndLine: end, lineOffset: 1}
	if deep := tooDeep(root, 0); deep != nil {
		s.Problems = append(s.Problems, Problem{Rule: "structure/frontmatter-syntax", Pos: fm.pos(deep),
			Message: fmt.Sprintf("frontmatter nests deeper than %d levels; story fields are at most a few levels deep", maxDepth)})
		return
	}
	for _, check := range []func() (Problem, bool){fm.index, fm.duplicateProblem} {
		if p, ok := check(); !ok {
			s.Problems = append(s.Problems, p)
			return
		}
	}
	fm.decodeFields()
	s.Front = fm
}

// fastPathOff is read once, at start: STORYGATE_YAML_FASTPATH=off sends
// every frontmatter through yaml.v3 (ParseReference), to rule the fast path
// out when chasing a suspected parser difference, and for the benchmark's
// comparison. Nothing assigns it afterwards.
var fastPathOff = os.Getenv("STORYGATE_YAML_FASTPATH") == "off"

// decodeYAML decodes the frontmatter text: through the fast path when it is
// inside the plain subset stories are written in, else through yaml.v3,
// whose error becomes a positioned problem. Both give the same tree, and
// both trees are held to the strict subset (yamlstrict): anchors,
// aliases, merge keys, tags, a second document and YAML-1.1-only line
// breaks are refused where the parser found them.
func (s *Story) decodeYAML(src []byte) (*yaml.Node, bool) {
	doc, ok := (*yaml.Node)(nil), false
	if !s.referenceYAML {
		doc, ok = yamlfast.Decode(src)
	}
	var err error
	if ok {
		err = strictError(yamlstrict.Check(doc, src)) // the fast subset has none of these; checked all the same
	} else {
		doc, err = yamlstrict.Decode(src)
	}
	var v *yamlstrict.Violation
	switch {
	case errors.As(err, &v):
		s.Problems = append(s.Problems, Problem{Rule: "structure/frontmatter-syntax", Pos: Pos{Line: v.Line + 1, Column: v.Column},
			Message: "frontmatter: " + v.Message})
		return nil, false
	case err != nil:
		s.Problems = append(s.Problems, yamlProblem(src, err, 1))
		return nil, false
	}
	return doc, true
}

// strictError turns a nil *Violation into a nil error.
func strictError(v *yamlstrict.Violation) error {
	if v == nil {
		return nil
	}
	return v
}

// yamlProblem converts a yaml.v3 error on the frontmatter text src into a
// problem at the file line of the offending text.
func yamlProblem(src []byte, err error, lineOffset int) Problem {
	line, problem := yamlerr.Locate(src, err)
	return Problem{Rule: "structure/frontmatter-syntax", Pos: Pos{Line: line + lineOffset, Column: 1},
		Message: "frontmatter is not valid YAML: " + problem}
}

// index records the top-level keys, refusing non-string keys. It keeps
// the first of repeated keys; duplicateProblem refuses those.
func (fm *Frontmatter) index() (Problem, bool) {
	for i := 0; i+1 < len(fm.Root.Content); i += 2 {
		k, v := fm.Root.Content[i], fm.Root.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return Problem{Rule: "structure/frontmatter-syntax", Pos: fm.pos(k), Message: "frontmatter keys must be plain names"}, false
		}
		if _, dup := fm.Keys[k.Value]; !dup {
			fm.Keys[k.Value] = KeyValue{Key: k, Value: v}
		}
	}
	return Problem{}, true
}

// pos converts a node's YAML position into a file position.
func (fm *Frontmatter) pos(n *yaml.Node) Pos {
	return Pos{Line: n.Line + fm.lineOffset, Column: n.Column}
}

// Has reports whether the top-level key is present (even if null).
func (fm *Frontmatter) Has(key string) bool {
	_, ok := fm.Keys[key]
	return ok
}

// KeyPos returns the position of a top-level key, or the frontmatter start.
func (fm *Frontmatter) KeyPos(key string) Pos {
	if kv, ok := fm.Keys[key]; ok {
		return fm.pos(kv.Key)
	}
	for i, k := range slimKeys {
		if k == key && fm.slimKeyPos[i].Line > 0 {
			return fm.slimKeyPos[i]
		}
	}
	return Pos{Line: fm.StartLine, Column: 1}
}

// ValuePos returns the position of a top-level value, or the frontmatter start.
func (fm *Frontmatter) ValuePos(key string) Pos {
	if kv, ok := fm.Keys[key]; ok {
		return fm.pos(kv.Value)
	}
	return Pos{Line: fm.StartLine, Column: 1}
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.DocumentNode:
		return "a document"
	}
	if n.Tag == "!!null" {
		return "null"
	}
	return fmt.Sprintf("%q", n.Value)
}

// maxDepth bounds frontmatter nesting; real stories need four levels.
const maxDepth = 32

// tooDeep returns the first node nested deeper than maxDepth, or nil.
func tooDeep(n *yaml.Node, depth int) *yaml.Node {
	if depth > maxDepth {
		return n
	}
	for _, c := range n.Content {
		if d := tooDeep(c, depth+1); d != nil {
			return d
		}
	}
	return nil
}
