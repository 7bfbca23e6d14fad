package workflows

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLeaks feeds the workflow reader arbitrary files: it never panics,
// and every finding is on a line of the file. Seeded with the shipped
// workflows; the corpus lives in testdata/fuzz/FuzzLeaks.
func FuzzLeaks(f *testing.F) {
	names, _ := filepath.Glob("../../.github/workflows/*.yml")
	for _, name := range names {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("on: pull_request_target\npermissions: write-all\njobs:\n  a:\n    steps:\n      - uses: actions/checkout@v4\n        with: {ref: '${{ github.event.pull_request.head.sha }}'}\n"))
	f.Fuzz(func(t *testing.T, content []byte) {
		found, err := Leaks(File{Path: "w.yml", Content: content})
		if err != nil {
			return
		}
		lines := bytes.Count(content, []byte("\n")) + 1
		for _, fd := range found {
			if fd.Line < 1 || fd.Line > lines || fd.Column < 1 {
				t.Fatalf("finding off the file (%d lines): %v", lines, fd)
			}
		}
	})
}

// FuzzSnippets feeds the Markdown workflow reader arbitrary documents: it
// never panics, and Leaks reads every block it returns (a list of steps
// wrapped into a workflow, File.Line then below zero by the wrapper's
// lines) with every finding on a line of the document. Seeds live in testdata/fuzz/FuzzSnippets.
func FuzzSnippets(f *testing.F) {
	f.Add([]byte("# x\n\n```yaml\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps: [{run: echo}]\n```\n"))
	f.Add([]byte("```yml\n- uses: actions/checkout@v4\n  with: {persist-credentials: true}\n```\n"))
	f.Fuzz(func(t *testing.T, markdown []byte) {
		lines := bytes.Count(markdown, []byte("\n")) + 1
		for _, file := range Snippets("doc.md", markdown) {
			found, err := Leaks(file)
			if err != nil {
				continue
			}
			for _, fd := range found {
				if fd.Line < 1 || fd.Line > lines || fd.Column < 1 {
					t.Fatalf("finding off the document (%d lines): %v", lines, fd)
				}
			}
		}
	})
}

// FuzzVerbatimBlocks feeds the README's verbatim-block reader arbitrary
// documents: it never panics; every block it finds lies inside the
// document, after its marker and fence, before a closing fence; and
// rewriting the blocks with what they hold changes nothing. Seeds live in
// testdata/fuzz/FuzzVerbatimBlocks.
func FuzzVerbatimBlocks(f *testing.F) {
	f.Add("x\n<!-- verbatim: a.yml -->\n```yaml\non: push\n```\n")
	f.Add("x\n<!-- verbatim: a.yml -->\n```yaml\n```\n\n<!-- verbatim: b.yml -->\n```yaml\nb\n```\n")
	f.Add("x\n<!-- verbatim: a.yml\n```yaml\n")
	f.Fuzz(func(t *testing.T, readme string) {
		blocks, err := verbatimBlocks(readme)
		if err != nil {
			return
		}
		files := map[string]string{}
		for _, b := range blocks {
			if b.start < 0 || b.start > b.end || b.end > len(readme) || !strings.HasSuffix(readme[:b.start], "```yaml\n") || !strings.HasPrefix(readme[b.end:], "```\n") {
				t.Fatalf("block %+v off its fences in %q", b, readme)
			}
			files[b.file] = readme[b.start:b.end]
		}
		if len(files) < len(blocks) {
			return // a file shown twice, with differing blocks, cannot round-trip
		}
		if got, err := rewriteVerbatim(readme, files); err != nil || got != readme {
			t.Fatalf("rewriting %q with its own blocks gave %q (%v)", readme, got, err)
		}
	})
}
