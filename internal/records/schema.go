package records

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/storygate/storygate/internal/diag"
)

// RuleSchema is the rule ID of a record that does not validate against the
// JSON Schema it was checked with.
const RuleSchema = "records/schema"

// Schema is a compiled JSON Schema for records, such as one of the pack's
// templates.
type Schema struct {
	Name   string
	schema *jsonschema.Schema
}

// SchemaDir is where the template schemas live inside the checks FS.
const SchemaDir = "schemas"

// LoadSchema compiles the schema called name (e.g. "template.step-packet")
// from fsys's schemas directory.
func LoadSchema(fsys fs.FS, name string) (*Schema, error) {
	file := SchemaDir + "/" + strings.TrimSuffix(name, ".json") + ".json"
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, fmt.Errorf("schema %q: %w", name, err)
	}
	return CompileSchema(name, data)
}

// CompileSchema compiles a JSON Schema document named name.
func CompileSchema(name string, data []byte) (*Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("schema %q: invalid JSON: %w", name, err)
	}
	url := "urn:storygate:schema:" + strings.TrimSuffix(name, ".json")
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("schema %q: %w", name, err)
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("schema %q: %w", name, err)
	}
	return &Schema{Name: strings.TrimSuffix(name, ".json"), schema: s}, nil
}

var printer = message.NewPrinter(language.English)

// Validate checks rec against the schema, one diagnostic per violation,
// each positioned at the value it is about.
func (s *Schema) Validate(rec Record) []diag.Diagnostic {
	err := s.schema.Validate(rec.Root.Interface())
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []diag.Diagnostic{diag.New(RuleSchema, diag.SeverityError, rec.File, rec.Root.Pos, "%s: %v", s.Name, err)}
	}
	var out []diag.Diagnostic
	for _, leaf := range leafErrors(ve, nil) {
		pos := pointerPos(rec.Root, leaf.InstanceLocation)
		out = append(out, diag.New(RuleSchema, diag.SeverityError, rec.File, pos, "%s: at %s: %s",
			s.Name, pointer(leaf.InstanceLocation), leaf.ErrorKind.LocalizedString(printer)))
	}
	return out
}

func leafErrors(e *jsonschema.ValidationError, out []*jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return append(out, e)
	}
	for _, c := range e.Causes {
		out = leafErrors(c, out)
	}
	return out
}

func pointer(tokens []string) string {
	if len(tokens) == 0 {
		return "the record"
	}
	return "/" + strings.Join(tokens, "/")
}

// pointerPos finds the position of the value a JSON pointer names, or of
// the deepest value on the way that exists.
func pointerPos(v *Value, tokens []string) diag.Pos {
	for _, t := range tokens {
		next := childByToken(v, t)
		if next == nil {
			break
		}
		v = next
	}
	return v.Pos
}

func childByToken(v *Value, token string) *Value {
	switch v.Kind {
	case KindMap:
		return v.Get(token)
	case KindList:
		i, err := strconv.Atoi(token)
		if err == nil && i >= 0 && i < len(v.Items) {
			return v.Items[i]
		}
	}
	return nil
}
