package records

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/jsonstrict"
)

// jsonParser builds Values from JSON with exact positions, reading tokens
// so duplicate keys and nesting can be checked as they occur.
type jsonParser struct {
	file  string
	data  []byte // the whole file, for positions
	base  int    // offset of the decoded slice within data
	dec   *json.Decoder
	idx   *lineIndex
	nodes int
}

// parseError is a JSON problem with the offset where it was found.
type parseError struct {
	rule string
	off  int
	msg  string
}

// Error returns the positioned message.
func (e *parseError) Error() string { return e.msg }

func parseJSONDocument(file string, data []byte) ([]*Value, []diag.Diagnostic) {
	idx := newLineIndex(data)
	v, err := parseJSONSpan(file, data, idx, 0, len(data))
	if err != nil {
		return nil, []diag.Diagnostic{jsonDiag(file, idx, err)}
	}
	return []*Value{v}, nil
}

func parseJSONLines(file string, data []byte) ([]*Value, []diag.Diagnostic) {
	idx := newLineIndex(data)
	var roots []*Value
	var problems []diag.Diagnostic
	for start := 0; start < len(data); {
		end := bytes.IndexByte(data[start:], '\n')
		end = start + end
		if end < start {
			end = len(data)
		}
		if len(bytes.TrimSpace(data[start:end])) > 0 {
			v, err := parseJSONSpan(file, data, idx, start, end)
			if err != nil {
				problems = append(problems, jsonDiag(file, idx, err))
			} else {
				roots = append(roots, v)
			}
		}
		start = end + 1
	}
	return roots, problems
}

func jsonDiag(file string, idx *lineIndex, err error) diag.Diagnostic {
	var pe *parseError
	if errors.As(err, &pe) {
		return diag.New(pe.rule, diag.SeverityError, file, idx.pos(pe.off), "%s", pe.msg)
	}
	return diag.New(RuleParse, diag.SeverityError, file, diag.Pos{}, "invalid JSON: %v", err)
}

// parseJSONSpan decodes exactly one JSON value from data[start:end].
func parseJSONSpan(file string, data []byte, idx *lineIndex, start, end int) (*Value, error) {
	dec := json.NewDecoder(bytes.NewReader(data[start:end]))
	dec.UseNumber()
	p := &jsonParser{file: file, data: data, base: start, dec: dec, idx: idx}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &parseError{RuleParse, p.tokenStart(), "invalid JSON: unexpected data after the record"}
	}
	return v, nil
}

// tokenStart is the offset in data of the next token.
func (p *jsonParser) tokenStart() int {
	return int(jsonstrict.TokenStart(p.data, int64(p.base)+p.dec.InputOffset()))
}

func (p *jsonParser) token() (json.Token, int, error) {
	off := p.tokenStart()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, off, p.syntax(off, err)
	}
	return tok, off, nil
}

func (p *jsonParser) syntax(off int, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = p.base + int(se.Offset)
		if off > p.base {
			off-- // Offset points just past the offending byte.
		}
	}
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return &parseError{RuleParse, off, fmt.Sprintf("invalid JSON: %v", err)}
}

func (p *jsonParser) value(depth int) (*Value, error) {
	tok, off, err := p.token()
	if err != nil {
		return nil, err
	}
	if p.nodes++; p.nodes > maxNodes || depth > maxDepth {
		return nil, &parseError{RuleTooDeep, off, fmt.Sprintf("the record nests deeper than %d levels or holds more than %d values", maxDepth, maxNodes)}
	}
	pos := p.idx.pos(off)
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return p.object(pos, depth)
		}
		if t == '[' {
			return p.array(pos, depth)
		}
		return nil, &parseError{RuleParse, off, fmt.Sprintf("invalid JSON: unexpected %q", t)}
	case json.Number:
		if n, ok := numberValue(string(t), pos); ok {
			return n, nil
		}
		return nil, &parseError{RuleParse, off, fmt.Sprintf("number %s is out of range", t)}
	case string:
		return &Value{Kind: KindString, Str: t, Pos: pos}, nil
	case bool:
		return &Value{Kind: KindBool, Bool: t, Pos: pos}, nil
	}
	return &Value{Kind: KindNull, Pos: pos}, nil
}

func (p *jsonParser) object(pos diag.Pos, depth int) (*Value, error) {
	v := &Value{Kind: KindMap, Pos: pos}
	for p.dec.More() {
		tok, off, err := p.token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		if hasKey(v, key) {
			return nil, &parseError{RuleDuplicate, off, fmt.Sprintf("key %q appears twice in one object; readers disagree on which value counts", key)}
		}
		child, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		v.Fields = append(v.Fields, Field{Key: key, KeyPos: p.idx.pos(off), Value: child})
	}
	_, _, err := p.token()
	return v, err
}

func (p *jsonParser) array(pos diag.Pos, depth int) (*Value, error) {
	v := &Value{Kind: KindList, Pos: pos}
	for p.dec.More() {
		child, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		v.Items = append(v.Items, child)
	}
	_, _, err := p.token()
	return v, err
}

func hasKey(v *Value, key string) bool {
	for _, f := range v.Fields {
		if f.Key == key {
			return true
		}
	}
	return false
}

// maxExponent bounds a number's decimal exponent: exact arithmetic on
// 1e999999999 would take forever, and no record needs it.
const maxExponent = 400

// numberValue builds an exact number from a literal, refusing literals that
// are not finite decimal numbers or whose exponent is beyond maxExponent.
func numberValue(lit string, pos diag.Pos) (*Value, bool) {
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		exp, err := strconv.Atoi(strings.TrimPrefix(lit[i+1:], "+"))
		if err != nil || exp > maxExponent || exp < -maxExponent {
			return nil, false
		}
	}
	r, ok := new(big.Rat).SetString(lit)
	if !ok || len(lit) > 2*maxExponent {
		return nil, false
	}
	return &Value{Kind: KindNumber, Str: lit, Num: r, Pos: pos}, true
}
