package records

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Reply forms of template.patch-check.
const (
	FormSchemaTool = "schema_tool"
	FormFencedJSON = "fenced_json"
	FormProse      = "prose_refused"
	FormEmpty      = "empty_refused"
	FormEcho       = "echo_refused"
)

// PatchInput is what CheckPatch needs: the step kind, the packet the step
// received (parsed and as text, to spot echoes) and the step's replies in
// order: the reply, then at most one answer to a re-ask.
type PatchInput struct {
	Kind       *Value
	Packet     *Value
	PacketText string
	Replies    []string
	CheckedAt  time.Time
}

// PatchCheck is a patch-check record (template.patch-check).
type PatchCheck struct {
	CheckID          string      `json:"check_id"`
	PacketRef        string      `json:"packet_ref"`
	StepKind         string      `json:"step_kind"`
	ReplyForm        string      `json:"reply_form"`
	FieldsWritten    []string    `json:"fields_written"`
	Admitted         []string    `json:"admitted"`
	Rejected         []Rejection `json:"rejected"`
	ImmutableRefused []string    `json:"immutable_refused"`
	Reasks           int         `json:"reasks"`
	NextObservation  string      `json:"next_observation"`
	CheckedAt        string      `json:"checked_at"`
}

// Rejection is one rejected patch field with the legal options.
type Rejection struct {
	Field        string   `json:"field"`
	Reason       string   `json:"reason"`
	LegalOptions []string `json:"legal_options"`
}

// Clean reports whether every written field was admitted from a reply that
// was not refused.
func (c PatchCheck) Clean() bool {
	return len(c.Rejected) == 0 && len(c.ImmutableRefused) == 0 && !strings.HasSuffix(c.ReplyForm, "_refused")
}

// maxObservation is template.patch-check's limit on next_observation.
const maxObservation = 4000

// CheckPatch admits or rejects each field of the step's reply per the
// pack's patch rules: an unknown field is rejected naming the legal fields,
// an immutable field is refused, null deletes, and an empty reply, an echo
// of the packet or prose with no structured part is refused and asked
// again once.
func CheckPatch(in PatchInput) (PatchCheck, error) {
	scope, err := scopeOf(in.Kind)
	if err != nil {
		return PatchCheck{}, err
	}
	if err := samePacketKind(in.Packet, scope.kindID); err != nil {
		return PatchCheck{}, err
	}
	if len(in.Replies) == 0 || len(in.Replies) > 2 {
		return PatchCheck{}, errors.New("check-patch takes the reply and at most one answer to a re-ask")
	}
	c := PatchCheck{
		CheckID: checkID(in), PacketRef: packetRef(in.Packet), StepKind: scope.kindID,
		FieldsWritten: []string{}, Admitted: []string{}, Rejected: []Rejection{}, ImmutableRefused: []string{},
		CheckedAt: in.CheckedAt.UTC().Format("2006-01-02T15:04:05Z"),
	}
	scope.apply(&c, in)
	c.NextObservation = truncateRunes(c.NextObservation, maxObservation)
	return c, nil
}

// apply classifies the replies in order and fills c from the first one
// that carries a patch, or from the refusal that ends the exchange.
func (s kindScope) apply(c *PatchCheck, in PatchInput) {
	var first reply
	for i, text := range in.Replies {
		r := classify(text, in)
		c.ReplyForm = r.form
		if r.patch != nil {
			s.admit(c, r.patch)
			return
		}
		c.Reasks = 1
		if i == 0 {
			first = r
			c.NextObservation = r.problem + " " + s.askAgain()
			continue
		}
		c.NextObservation = stopObservation(first, r, text == in.Replies[0])
	}
}

func (s kindScope) askAgain() string {
	return "Reply again with a patch: one JSON object of named field changes. Legal fields: " + s.legalList() + "."
}

func stopObservation(first, second reply, identical bool) string {
	if identical {
		return "The same invalid reply repeated after one re-ask (" + second.problem + "); the step stops as blocked."
	}
	return "The reply after one re-ask was still invalid (" + second.problem + "); the step stops as blocked."
}

func checkID(in PatchInput) string {
	h := sha256.New()
	h.Write([]byte(in.PacketText))
	for _, r := range in.Replies {
		h.Write([]byte{0})
		h.Write([]byte(r))
	}
	return "PC-" + hex.EncodeToString(h.Sum(nil))[:12]
}

func packetRef(packet *Value) string {
	if id := packet.Get("packet_id"); id != nil && id.Kind == KindString && id.Str != "" {
		return id.Str
	}
	return "unidentified packet"
}

func samePacketKind(packet *Value, kindID string) error {
	if packet == nil || packet.Kind != KindMap {
		return errors.New("the packet must be a mapping (template.step-packet)")
	}
	sk := packet.Get("step_kind")
	if sk != nil && sk.Kind == KindString && sk.Str != kindID {
		return fmt.Errorf("the packet is for step kind %q, not %q", sk.Str, kindID)
	}
	return nil
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
