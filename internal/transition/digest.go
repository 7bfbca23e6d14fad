package transition

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// contractKeys are the frontmatter fields of the contract, as frozen by §6.
var contractKeys = []string{"acceptance_criteria", "verification", "scope"}

// Digest is the **Digest:** value of a decision taken at state atState:
// "sha256:<hex> (contract + <entry>)", the hash of the contract (Goal,
// Non-Goals, Constraints, acceptance_criteria, verification, scope) and of
// the entry the decision approves: the latest plan at plan_review, the
// latest evaluation at the other gates (none when there is none yet). A
// later change to any of these makes the decision stale.
func Digest(s *story.Story, atState lifecycle.State) string {
	entry := LatestApproved(s, atState)
	sum, _ := ContentDigest(s, entry)
	if entry == "" {
		return sum + " (contract)"
	}
	return sum + " (contract + " + entry + ")"
}

// LatestApproved names the entry a decision at atState approves: the
// heading text of the latest plan or evaluation, or "" when there is none.
func LatestApproved(s *story.Story, atState lifecycle.State) string {
	section := lifecycle.SectionEvaluator
	if atState == lifecycle.PlanReview {
		section = lifecycle.SectionPlanner
	}
	entries := s.MustEntries(section)
	if len(entries) == 0 {
		return ""
	}
	return entries[len(entries)-1].Heading.Text
}

// ContentDigest hashes the contract and the plan or evaluation entry whose
// heading is entry ("" for the contract alone). It fails when the entry is
// gone, which makes a decision about it unverifiable.
func ContentDigest(s *story.Story, entry string) (string, error) {
	var b strings.Builder
	writeContract(&b, s)
	if entry != "" {
		e := approvedEntry(s, entry)
		if e == nil {
			return "", fmt.Errorf("%s has no entry \"### %s\"", s.Path, entry)
		}
		fmt.Fprintf(&b, "entry\n%s\n", s.EntryText(e))
	}
	sum := sha256.Sum256([]byte(b.String()))
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// writeContract writes the contract canonically: section texts as the
// freeze rule compares them, frontmatter fields as JSON of their values.
func writeContract(b *strings.Builder, s *story.Story) {
	for _, name := range lifecycle.FrozenSections {
		text := ""
		if s.Body != nil {
			if sec := s.Body.Section(name); sec != nil {
				text = s.SectionText(sec)
			}
		}
		fmt.Fprintf(b, "section %s\n%s\n", name, text)
	}
	for _, key := range contractKeys {
		var v any
		if s.Front != nil {
			if kv, ok := s.Front.Keys[key]; ok {
				_ = kv.Value.Decode(&v)
			}
		}
		enc, _ := json.Marshal(v)
		fmt.Fprintf(b, "field %s\n%s\n", key, enc)
	}
}

// approvedEntry finds a plan or evaluation entry by heading text.
func approvedEntry(s *story.Story, heading string) *story.Entry {
	for _, section := range []string{lifecycle.SectionPlanner, lifecycle.SectionEvaluator} {
		for _, e := range s.MustEntries(section) {
			if story.SameName(e.Heading.Text, heading) {
				return e.Entry
			}
		}
	}
	return nil
}

var digestRE = regexp.MustCompile(`^(sha256:[0-9a-f]{64})(?:\s+\(contract(?:\s*\+\s*(.+?))?\))?$`)

// ParseDigest splits a **Digest:** value into the hash and the approved
// entry's heading ("" for the contract alone).
func ParseDigest(value string) (sum, entry string, ok bool) {
	m := digestRE.FindStringSubmatch(strings.TrimSpace(story.Clean(value)))
	if m == nil {
		return "", "", false
	}
	return m[1], strings.TrimSpace(m[2]), true
}
