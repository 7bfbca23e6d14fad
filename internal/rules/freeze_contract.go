package rules

import (
	"reflect"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

var contractChanged = &Rule{Rule: catalog.Must("freeze/contract-changed"),
	CheckFile: func(p *Pass) {
		b, h := p.Base, p.Head
		if b == nil || b.Front == nil || h.Front == nil || h.Body == nil {
			return
		}
		if !p.FrozenAtBase() {
			return
		}
		changes := contractChanges(b, h)
		if len(changes) == 0 {
			return
		}
		why := p.ReopenMissing()
		if why == "" {
			return
		}
		for _, c := range changes {
			p.Report(c.pos, "%s changed after the contract froze (base state %s) without a human reopen: %s", c.what, b.Front.State.Value, why)
		}
	}}

// frozenKeys are the frontmatter fields frozen with the contract: §6's,
// and max_iterations, which §6 does not list but which bounds the loop the
// contract's acceptance is judged in (docs/stories.md).
var frozenKeys = []string{"acceptance_criteria", "verification", "scope", "max_iterations"}

type contractChange struct {
	what string
	pos  story.Pos
}

func contractChanges(b, h *story.Story) []contractChange {
	var out []contractChange
	for _, name := range lifecycle.FrozenSections {
		bs, hs := b.Body.Section(name), h.Body.Section(name)
		if bs == nil || hs == nil {
			continue
		}
		if !b.SameSectionText(bs, h, hs) {
			out = append(out, contractChange{"## " + name, hs.Heading.Pos})
		}
	}
	for _, key := range frozenKeys {
		if !sameValue(b.Front, h.Front, key) {
			out = append(out, contractChange{key, h.Front.KeyPos(key)})
		}
	}
	return out
}

// sameValue compares a frontmatter field by meaning, not formatting.
func sameValue(a, b *story.Frontmatter, key string) bool {
	ka, inA := a.Keys[key]
	kb, inB := b.Keys[key]
	if inA && inB && sameNode(ka.Value, kb.Value) {
		return true // the common case, a field the change left alone: nothing decoded
	}
	var va, vb any
	if inA {
		_ = ka.Value.Decode(&va)
	}
	if inB {
		_ = kb.Value.Decode(&vb)
	}
	return reflect.DeepEqual(va, vb)
}

// sameNode reports whether two YAML trees are the same kind, resolved tag
// and text at every node, in the same order: what decoding reads, so they
// decode to equal values. False says nothing (an alias, a different
// spelling of the same value): the caller decodes.
func sameNode(a, b *yaml.Node) bool {
	if a.Kind != b.Kind || a.Kind == yaml.AliasNode || a.Value != b.Value || a.ShortTag() != b.ShortTag() || len(a.Content) != len(b.Content) {
		return false
	}
	for i := range a.Content {
		if !sameNode(a.Content[i], b.Content[i]) {
			return false
		}
	}
	return true
}
