package records

import (
	"errors"
	"regexp"
	"strings"
)

// kindScope is what a step kind allows a patch to touch.
type kindScope struct {
	kindID    string
	writable  []string
	immutable []string
}

// scopeOf reads the kind's id, its writes[].field and immutable_fields.
func scopeOf(kind *Value) (kindScope, error) {
	var s kindScope
	if kind == nil || kind.Kind != KindMap {
		return s, errors.New("the step kind must be a mapping (template.step-kind)")
	}
	id := kind.Get("kind_id")
	if id == nil || id.Kind != KindString || id.Str == "" {
		return s, errors.New("the step kind has no kind_id")
	}
	s.kindID = id.Str
	writes := kind.Get("writes")
	if writes == nil || writes.Kind != KindList {
		return s, errors.New("the step kind has no writes list")
	}
	for _, w := range writes.Items {
		if f := w.Get("field"); f != nil && f.Kind == KindString && f.Str != "" {
			s.writable = append(s.writable, f.Str)
		}
	}
	for _, f := range leavesOf([]hit{{v: kind.Get("immutable_fields")}}) {
		s.immutable = append(s.immutable, f.v.Str)
	}
	return s, nil
}

func (s kindScope) legalOptions() []string {
	if len(s.writable) == 0 {
		return []string{"none: this step kind writes no fields"}
	}
	return s.writable
}

func (s kindScope) legalList() string { return strings.Join(s.legalOptions(), ", ") }

// admit sorts each field of the patch into admitted, immutable_refused or
// rejected, and writes the next observation from the outcome.
func (s kindScope) admit(c *PatchCheck, patch *Value) {
	var notes []string
	for _, f := range patch.Fields {
		c.FieldsWritten = append(c.FieldsWritten, f.Key)
		notes = append(notes, s.admitField(c, f))
	}
	if len(c.Rejected) == 0 && len(c.ImmutableRefused) == 0 {
		notes = append([]string{"Patch admitted: " + strings.Join(c.Admitted, ", ") + "."}, notes...)
	}
	c.NextObservation = strings.TrimSpace(strings.Join(notes, " "))
}

func (s kindScope) admitField(c *PatchCheck, f Field) string {
	switch {
	case contains(s.immutable, f.Key):
		c.ImmutableRefused = append(c.ImmutableRefused, f.Key)
		return "Field " + f.Key + " is immutable; the write was refused."
	case contains(s.writable, f.Key):
		c.Admitted = append(c.Admitted, f.Key)
		if f.Value.Kind == KindNull {
			return "Field " + f.Key + " was deleted."
		}
		return ""
	}
	reason := "Field " + f.Key + " is not in this kind's write scope."
	c.Rejected = append(c.Rejected, Rejection{Field: f.Key, Reason: reason, LegalOptions: s.legalOptions()})
	return reason + " Legal fields: " + s.legalList() + "."
}

// reply is one classified reply: its form, and either the patch it carries
// or the problem that refused it.
type reply struct {
	form    string
	patch   *Value
	problem string
}

var fence = regexp.MustCompile("(?s)```[ \t]*(?:json|JSON)?[ \t]*\r?\n(.*?)```")

// classify decides a reply's form. Order matters: an empty reply, then an
// echo of the packet, then a whole-reply JSON object (a schema tool call),
// then a fenced JSON object inside prose; anything else is prose.
func classify(text string, in PatchInput) reply {
	trimmed := strings.TrimSpace(text)
	if trimmed == "" {
		return reply{form: FormEmpty, problem: "The reply was empty."}
	}
	if isEcho(trimmed, in) {
		return reply{form: FormEcho, problem: "The reply repeated the packet instead of returning a patch."}
	}
	if obj := jsonObject(trimmed); obj != nil {
		return structured(FormSchemaTool, obj)
	}
	for _, m := range fence.FindAllStringSubmatch(text, -1) {
		if obj := jsonObject(strings.TrimSpace(m[1])); obj != nil {
			return structured(FormFencedJSON, obj)
		}
	}
	return reply{form: FormProse, problem: "The reply was prose with no structured part."}
}

func structured(form string, obj *Value) reply {
	if len(obj.Fields) == 0 {
		return reply{form: FormEmpty, problem: "The reply was an empty patch."}
	}
	return reply{form: form, patch: obj}
}

// jsonObject parses text as one JSON object.
func jsonObject(text string) *Value {
	if !strings.HasPrefix(text, "{") {
		return nil
	}
	recs, problems := Parse("reply.json", []byte(text))
	if len(problems) > 0 || len(recs) != 1 || recs[0].Root.Kind != KindMap {
		return nil
	}
	return recs[0].Root
}

// isEcho reports whether the reply is the packet handed back: the same
// text up to whitespace, or the same data.
func isEcho(trimmed string, in PatchInput) bool {
	if in.PacketText != "" && collapse(trimmed) == collapse(in.PacketText) {
		return true
	}
	obj := jsonObject(trimmed)
	return obj != nil && in.Packet != nil && Equal(obj, in.Packet)
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
