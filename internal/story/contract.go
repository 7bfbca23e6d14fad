package story

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

// mappingValue returns the value for key in mapping n, and the key node.
func mappingValue(n *yaml.Node, key string) (k, v *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i], n.Content[i+1]
		}
	}
	return nil, nil
}

func (fm *Frontmatter) decodeScope() {
	n := fm.Keys["scope"].Value
	if n == nil {
		return
	}
	fm.Scope.Pos = fm.pos(n)
	if NoValue(n) {
		fm.Scope.Null = true
		return
	}
	if n.Kind != yaml.MappingNode {
		fm.typeError("scope", n, "a mapping with write, read and exclude lists")
		return
	}
	fm.Scope.Set = true
	_, w := mappingValue(n, "write")
	_, r := mappingValue(n, "read")
	_, x := mappingValue(n, "exclude")
	fm.Scope.HasWrite, fm.Scope.HasRead, fm.Scope.HasExclude = w != nil, r != nil, x != nil
	fm.Scope.Write = fm.stringList("scope.write", w)
	fm.Scope.Read = fm.stringList("scope.read", r)
	fm.Scope.Exclude = fm.stringList("scope.exclude", x)
}

// itemMapping checks that a list item is a mapping, recording a type error.
func (fm *Frontmatter) itemMapping(field string, i int, n *yaml.Node) bool {
	if n.Kind == yaml.MappingNode {
		return true
	}
	fm.typeError(fmt.Sprintf("%s[%d]", field, i), n, "a mapping")
	return false
}

// itemField decodes one string field of a list item; a missing, null or
// blank required field is recorded in MissingItemFields, a blank one at
// its value.
func (fm *Frontmatter) itemField(list string, i int, item *yaml.Node, key string, required bool) Scalar {
	k, v := mappingValue(item, key)
	name := fmt.Sprintf("%s[%d].%s", list, i, key)
	sc := fm.scalar(name, v)
	switch {
	case !required || sc.Set || (v != nil && !sc.Null):
	case v != nil && v.Kind == yaml.ScalarNode && v.Tag == "!!null":
		fm.MissingItemFields = append(fm.MissingItemFields, FieldError{Field: name, Pos: fm.pos(k),
			Message: fmt.Sprintf("%s[%d] has no value for required field %q", list, i, key)})
	case v != nil && Blank(v):
		fm.MissingItemFields = append(fm.MissingItemFields, FieldError{Field: name, Pos: sc.Pos,
			Message: fmt.Sprintf("%s[%d] has an empty required field %q", list, i, key)})
	default:
		fm.MissingItemFields = append(fm.MissingItemFields, FieldError{Field: name, Pos: fm.pos(item),
			Message: fmt.Sprintf("%s[%d] is missing required field %q", list, i, key)})
	}
	return sc
}

// listItems returns the mapping items of the list under key, recording the
// list's position and whether it is set, null or of the wrong type.
func (fm *Frontmatter) listItems(key, want string, pos *Pos, set, null *bool) []listItemNode {
	n := fm.Keys[key].Value
	if n == nil {
		return nil
	}
	*pos = fm.pos(n)
	if NoValue(n) {
		*null = true
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		fm.typeError(key, n, want)
		return nil
	}
	*set = true
	var items []listItemNode
	for i, item := range n.Content {
		if fm.itemMapping(key, i, item) {
			items = append(items, listItemNode{i, item})
		}
	}
	return items
}

// listItemNode is a list item with its index, for messages.
type listItemNode struct {
	index int
	node  *yaml.Node
}

func (fm *Frontmatter) decodeAcceptance() {
	a := &fm.Acceptance
	for _, it := range fm.listItems("acceptance_criteria", "a list of {id, text} items", &a.Pos, &a.Set, &a.Null) {
		i, item := it.index, it.node
		a.Items = append(a.Items, Criterion{
			ID:   fm.itemField("acceptance_criteria", i, item, "id", true),
			Text: fm.itemField("acceptance_criteria", i, item, "text", true),
			Pos:  fm.pos(item),
		})
	}
}

func (fm *Frontmatter) decodeVerification() {
	v := &fm.Verification
	for _, it := range fm.listItems("verification", "a list of {id, command, pass_when} items", &v.Pos, &v.Set, &v.Null) {
		i, item := it.index, it.node
		v.Items = append(v.Items, Check{
			ID:         fm.itemField("verification", i, item, "id", true),
			Command:    fm.itemField("verification", i, item, "command", true),
			PassWhen:   fm.itemField("verification", i, item, "pass_when", false),
			WorkingDir: fm.itemField("verification", i, item, "working_dir", false),
			Pos:        fm.pos(item),
		})
	}
}
