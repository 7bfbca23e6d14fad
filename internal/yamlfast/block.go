package yamlfast

import "gopkg.in/yaml.v3"

// mapping decodes the block mapping whose keys sit at column indent,
// starting at the current line.
func (d *decoder) mapping(indent, depth int) (*yaml.Node, bool) {
	m, mark, ok := d.open(yaml.MappingNode, "!!map", indent, depth)
	if !ok {
		return nil, false
	}
	for {
		ln, ok := d.next()
		if !ok || ln.indent < indent {
			break
		}
		if ln.indent > indent || !d.entry(ln, depth) {
			return nil, false
		}
	}
	m.Content = d.children(mark)
	return m, true
}

// open starts a block collection at the current line, returning its node
// and the stack mark its children start at; false when it nests too deep.
func (d *decoder) open(kind yaml.Kind, tag string, indent, depth int) (*yaml.Node, int, bool) {
	if depth > maxDepth {
		return nil, 0, false
	}
	return d.node(kind, tag, "", d.lines[d.i].num, indent+1), len(d.stack), true
}

// entry decodes one "key: value" line and pushes key and value.
func (d *decoder) entry(ln line, depth int) bool {
	colon := d.keyEnd(ln)
	if colon < 0 {
		return false
	}
	key, ok := d.plain(ln, ln.start, colon)
	if !ok {
		return false
	}
	d.stack = append(d.stack, key)
	v := colon + 1
	for v < ln.end && d.s[v] == ' ' {
		v++
	}
	d.i++
	var value *yaml.Node
	if v == ln.end {
		value, ok = d.nested(ln, colon, depth)
	} else {
		value, ok = d.inline(ln, v)
	}
	if !ok {
		return false
	}
	d.stack = append(d.stack, value)
	return true
}

// keyEnd returns the offset of the ':' ending a plain key made of letters,
// digits, '_' and '-', or -1.
func (d *decoder) keyEnd(ln line) int {
	p := ln.start
	if c := d.s[p]; !isLetter(c) && c != '_' {
		return -1
	}
	for p < ln.end && (isLetter(d.s[p]) || isDigit(d.s[p]) || d.s[p] == '_' || d.s[p] == '-') {
		p++
	}
	if p == ln.end || d.s[p] != ':' || (p+1 < ln.end && d.s[p+1] != ' ') || p-ln.start > 128 {
		return -1
	}
	return p
}

// nested decodes the value of a key with nothing after its colon: a deeper
// block, a sequence at the key's own column, or null.
func (d *decoder) nested(key line, colon, depth int) (*yaml.Node, bool) {
	ln, ok := d.next()
	switch {
	case ok && ln.indent > key.indent && d.isDash(ln):
		return d.sequence(ln.indent, depth+1)
	case ok && ln.indent > key.indent:
		return d.mapping(ln.indent, depth+1)
	case ok && ln.indent == key.indent && d.isDash(ln):
		return d.sequence(ln.indent, depth+1)
	}
	return d.node(yaml.ScalarNode, "!!null", "", key.num, colon-key.lineStart+2), true
}

// sequence decodes the block sequence whose dashes sit at column indent.
func (d *decoder) sequence(indent, depth int) (*yaml.Node, bool) {
	seq, mark, ok := d.open(yaml.SequenceNode, "!!seq", indent, depth)
	if !ok {
		return nil, false
	}
	for {
		ln, ok := d.next()
		if !ok || ln.indent < indent || (ln.indent == indent && !d.isDash(ln)) {
			break
		}
		item, ok := d.item(ln, indent, depth)
		if !ok {
			return nil, false
		}
		d.stack = append(d.stack, item)
	}
	seq.Content = d.children(mark)
	return seq, true
}

// item decodes one "- …" entry: a mapping that starts on the dash line or
// a one-line value.
func (d *decoder) item(ln line, indent, depth int) (*yaml.Node, bool) {
	if ln.indent != indent || ln.end == ln.start+1 {
		return nil, false // a deeper line, or an empty item
	}
	p := ln.start + 1
	for p < ln.end && d.s[p] == ' ' {
		p++
	}
	rest := line{num: ln.num, indent: p - ln.lineStart, start: p, end: ln.end, lineStart: ln.lineStart}
	if d.keyEnd(rest) >= 0 {
		d.lines[d.i] = rest
		return d.mapping(rest.indent, depth+1)
	}
	if d.s[p] == '-' {
		return nil, false // nested sequences on one line
	}
	d.i++
	return d.inline(ln, p)
}

// inline decodes a one-line value starting at offset p of ln. The next line
// may not be deeper than ln: that would continue a multi-line scalar.
func (d *decoder) inline(ln line, p int) (*yaml.Node, bool) {
	if next, ok := d.next(); ok && next.indent > ln.indent {
		return nil, false
	}
	switch d.s[p] {
	case '"', '\'':
		return d.quoted(ln, p)
	case '[':
		return d.flow(ln, p)
	}
	return d.plain(ln, p, ln.end)
}
