// Package workflows checks the GitHub Actions workflows storygate ships:
// the ones in .github/workflows and docs/workflows, and the workflow YAML
// shown in the documentation. Lint runs actionlint on them; Leaks finds
// the ways a workflow can hand a write token or a credential to code from
// a pull request.
package workflows

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"gopkg.in/yaml.v3"
)

// File is one workflow: a file, or a YAML block in a Markdown document.
type File struct {
	// Path is relative to the repository root.
	Path string
	// Line is the source line the content starts on, minus one: 0 for a
	// file, the fence's line for a Markdown block.
	Line int
	// Content is the workflow YAML. A documentation block that shows only
	// steps is wrapped into a minimal workflow (see Fragment).
	Content []byte
	// Fragment is set when Content wraps a documented list of steps.
	Fragment bool
}

// Finding is one problem in a workflow, positioned in its source.
type Finding struct {
	Path         string
	Line, Column int
	Message      string
	Rule         string
}

// String formats the finding as file:line:col: message [rule].
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s [%s]", f.Path, f.Line, f.Column, f.Message, f.Rule)
}

// Shipped lists every workflow under root that storygate ships.
func Shipped(root string) ([]File, error) {
	var out []File
	for _, pattern := range []string{".github/workflows/*.yml", ".github/workflows/*.yaml", "docs/workflows/*.yml", "docs/workflows/*.yaml"} {
		paths, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			return nil, fmt.Errorf("list workflows: %w", err)
		}
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				return nil, fmt.Errorf("read workflow: %w", err)
			}
			rel, _ := filepath.Rel(root, p)
			out = append(out, File{Path: filepath.ToSlash(rel), Content: data})
		}
	}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, fmt.Errorf("list docs: %w", err)
	}
	for _, p := range append([]string{filepath.Join(root, "README.md")}, docs...) {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("read docs: %w", err)
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, Snippets(filepath.ToSlash(rel), data)...)
	}
	return out, nil
}

// Snippets returns the workflow YAML blocks of a Markdown document: blocks
// that are a workflow (top-level on and jobs), and blocks that show a list
// of steps, wrapped into a workflow so they are checked the same way.
func Snippets(path string, markdown []byte) []File {
	doc := goldmark.New().Parser().Parse(text.NewReader(markdown))
	var out []File
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		block, ok := n.(*ast.FencedCodeBlock)
		if !entering || !ok || !slices.Contains([]string{"yaml", "yml"}, string(block.Language(markdown))) {
			return ast.WalkContinue, nil
		}
		var body bytes.Buffer
		lines := block.Lines()
		for i := range lines.Len() {
			seg := lines.At(i)
			body.Write(seg.Value(markdown))
		}
		start := 0
		if lines.Len() > 0 {
			start = bytes.Count(markdown[:lines.At(0).Start], []byte("\n"))
		}
		if f, ok := snippet(path, start, body.Bytes()); ok {
			out = append(out, f)
		}
		return ast.WalkSkipChildren, nil
	})
	return out
}

func snippet(path string, line int, body []byte) (File, bool) {
	var probe any
	if yaml.Unmarshal(body, &probe) != nil {
		return File{}, false
	}
	switch v := probe.(type) {
	case map[string]any:
		_, on := v["on"]
		_, jobs := v["jobs"]
		return File{Path: path, Line: line, Content: body}, on && jobs
	case []any:
		if !isSteps(v) {
			return File{}, false
		}
		return File{Path: path, Line: line - stepsIndent, Content: wrapSteps(body), Fragment: true}, true
	}
	return File{}, false
}

func isSteps(list []any) bool {
	for _, item := range list {
		step, ok := item.(map[string]any)
		if !ok {
			return false
		}
		_, uses := step["uses"]
		_, run := step["run"]
		if !uses && !run {
			return false
		}
	}
	return len(list) > 0
}

// stepsIndent is how many lines wrapSteps puts before the documented steps.
const stepsIndent = 8

// wrapSteps makes a documented list of steps a workflow with no token at
// all, so the steps themselves are what is checked.
func wrapSteps(steps []byte) []byte {
	lines := strings.SplitAfter(string(steps), "\n")
	indent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			if n := len(l) - len(strings.TrimLeft(l, " ")); indent < 0 || n < indent {
				indent = n
			}
		}
	}
	var b strings.Builder
	b.WriteString("name: documented steps\non: pull_request\npermissions: {}\njobs:\n  steps:\n    runs-on: ubuntu-latest\n    permissions: {}\n    steps:\n")
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			b.WriteString(l)
			continue
		}
		b.WriteString("      " + l[indent:])
	}
	return []byte(b.String())
}
