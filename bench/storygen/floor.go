package storygen

import (
	"bytes"
	"fmt"
	"github.com/storygate/storygate/internal/par"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

// ParseFloor is the parse-only floor of the validate benchmark: it finds
// every *.md file under dir, reads it and decodes its frontmatter into a
// yaml.Node with gopkg.in/yaml.v3, on GOMAXPROCS workers fed one file at a
// time as storygate does. It returns the number of files decoded.
func ParseFloor(dir string) (int, error) {
	paths, err := markdownFiles(dir)
	if err != nil {
		return 0, err
	}
	errs := make([]error, len(paths))
	par.Each(len(paths), func(i int) { errs[i] = decodeFile(paths[i]) })
	for _, err := range errs {
		if err != nil {
			return 0, err
		}
	}
	return len(paths), nil
}

// markdownFiles lists the *.md files under dir in lexical order.
func markdownFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("walk %s: %w", p, err)
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

// decodeFile reads one file and decodes its frontmatter.
func decodeFile(path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	var node yaml.Node
	if err := yaml.Unmarshal(Frontmatter(src), &node); err != nil {
		return fmt.Errorf("decode frontmatter of %s: %w", path, err)
	}
	return nil
}

// Frontmatter returns the bytes between the opening --- line and the
// closing one, or nil when src does not start with a frontmatter block.
func Frontmatter(src []byte) []byte {
	rest, ok := bytes.CutPrefix(src, []byte("---\n"))
	if !ok {
		return nil
	}
	if end := bytes.Index(rest, []byte("\n---\n")); end >= 0 {
		return rest[:end+1]
	}
	return nil
}
