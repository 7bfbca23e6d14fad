// Package yamlerr locates gopkg.in/yaml.v3's syntax errors: it finds the
// line of the text that made yaml.v3 fail, which yaml.v3's own message
// does not always give.
package yamlerr

import (
	"bytes"
	"errors"
	"regexp"
	"sort"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/linebreak"
)

// yaml.v3 words an error as "yaml: line N: problem", but N is not always
// the line of the offending text:
//   - parser errors number lines from 0, scanner errors from 1;
//   - an error with a context (the collection or scalar being read) gives
//     the context's line, except that a context on the first line (line 0)
//     makes it give the problem's line instead;
//   - some errors (control characters, an unknown anchor) give no line.
//
// Locate turns that into the line of the offending text. It decodes again
// with one blank line in front, so that no context can sit on line 0 and
// the number is always the context's; for a block collection, where the
// context is only where the collection starts, and for an error without a
// line, it finds the first line whose prefix of the document fails the
// same way. Only failing input pays for this.

var yamlLineRE = regexp.MustCompile(`^yaml: (?:line (\d+): )?`)

// yamlError is a yaml.v3 error split into its problem and the line yaml.v3
// gave (0 when it gave none).
type yamlError struct {
	msg  string
	line int
}

// splitYAMLError reads a yaml.v3 error's problem and line.
func splitYAMLError(err error) yamlError {
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return yamlError{msg: msg[len(m[0]):], line: line}
	}
	return yamlError{msg: msg}
}

// parserProblem says where a yaml.v3 parser problem (parserc.go) is: at
// its context, or at the token after it (a block collection's context is
// only where the collection starts).
type parserProblem int

const (
	atContext parserProblem = iota + 1
	atToken
)

// parserProblems are the problems yaml.v3's parser reports, whose lines it
// numbers from 0. Every other problem comes from its scanner (lines from 1)
// or its reader (no line). TestParserProblemsAreYAMLv3s holds the list to
// yaml.v3's source.
var parserProblems = map[string]parserProblem{
	"did not find expected <stream-start>":   atContext,
	"did not find expected <document start>": atContext,
	"found undefined tag handle":             atContext,
	"did not find expected node content":     atContext,
	"did not find expected ',' or ']'":       atContext, // the unclosed [
	"did not find expected ',' or '}'":       atContext, // the unclosed {
	"found duplicate %YAML directive":        atContext,
	"found incompatible YAML document":       atContext,
	"found duplicate %TAG directive":         atContext,
	"did not find expected '-' indicator":    atToken,
	"did not find expected key":              atToken,
}

// maxProbe bounds the input size for which a block collection's error is
// located by decoding prefixes; larger input gets the collection's first
// line. Story frontmatter and configuration files are a few hundred bytes.
const maxProbe = 256 << 10

// Locate returns the 1-based line of src holding the text that made
// yaml.v3 fail with err (decoding src), and yaml.v3's problem without its
// "yaml: line N:" prefix. An error found at the end of the text (an
// unclosed [ on the last line) is put on the last line that is not blank.
func Locate(src []byte, err error) (line int, problem string) {
	e := splitYAMLError(err)
	last := linebreak.Count(bytes.TrimRight(src, " \t\r\n"))
	return min(errorLine(src, e), last), e.msg
}

// errorLine is Locate's line before it is limited to the text.
func errorLine(src []byte, e yamlError) int {
	padded := append([]byte{'\n'}, src...)
	kind := parserProblems[e.msg]
	var again yamlError
	if err := yaml.Unmarshal(padded, new(yaml.Node)); err != nil {
		again = splitYAMLError(err)
	}
	switch {
	case e.line == 0 || again.msg != e.msg || again.line == 0:
		return firstFailingLine(padded, 1, func(f yamlError) bool { return f.msg == e.msg })
	case kind == atToken:
		return firstFailingLine(padded, again.line, func(f yamlError) bool { return f == again })
	case kind == atContext:
		return again.line // 0-based in padded: 1-based in src
	}
	// A scanner error: 1-based in padded, but yaml.v3 gives the line of
	// the error's context (where the scalar or block began) when that is
	// not the first line, so the offending text may lie further down.
	return firstFailingLine(padded, again.line-1, func(f yamlError) bool { return f.msg == e.msg })
}

// firstFailingLine returns the smallest n >= from such that the first n
// lines of the text (after padded's blank line) fail to decode with an error
// same accepts; from when there is none or the text is too large to search.
// Decoding stops at the first error, so once a prefix holds the offending
// text every longer one fails the same way: the search can bisect.
func firstFailingLine(padded []byte, from int, same func(yamlError) bool) int {
	ends := lineEnds(padded[1:])
	if len(padded) > maxProbe || from < 1 || from > len(ends) {
		return max(from, 1)
	}
	i := sort.Search(len(ends)-from+1, func(i int) bool {
		err := yaml.Unmarshal(padded[:1+ends[from-1+i]], new(yaml.Node))
		return err != nil && same(splitYAMLError(err))
	})
	if i > len(ends)-from {
		return from
	}
	return from + i
}

// lineEnds returns the offset just past each line of src (line n ends at
// ends[n-1]); a last line without a line ending ends at len(src).
func lineEnds(src []byte) []int {
	ends := linebreak.Starts(src, nil)[1:]
	if len(ends) == 0 || ends[len(ends)-1] < len(src) {
		ends = append(ends, len(src))
	}
	return ends
}
