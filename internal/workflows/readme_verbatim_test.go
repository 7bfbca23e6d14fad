package workflows

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// verbatimMarker precedes each README block that is a shipped file, byte
// for byte: the marker line, then a ```yaml fence.
const verbatimMarker = "<!-- verbatim: "

// verbatimBlock is one marked block of the README: the file it shows and
// where its content lies.
type verbatimBlock struct {
	file       string
	start, end int // the content's byte span, between the fences
}

// verbatimBlocks finds every marked block of readme.
func verbatimBlocks(readme string) ([]verbatimBlock, error) {
	var blocks []verbatimBlock
	for at := 0; ; {
		i := strings.Index(readme[at:], "\n"+verbatimMarker)
		if i < 0 {
			return blocks, nil
		}
		line := at + i + 1
		eol := strings.IndexByte(readme[line:], '\n')
		if eol < 0 {
			return nil, fmt.Errorf("README.md: the marker at byte %d ends the file", line)
		}
		file, ok := strings.CutSuffix(strings.TrimPrefix(readme[line:line+eol], verbatimMarker), " -->")
		if !ok {
			return nil, fmt.Errorf("README.md: marker %q: want %sFILE -->", readme[line:line+eol], verbatimMarker)
		}
		start := line + eol + 1
		if !strings.HasPrefix(readme[start:], "```yaml\n") {
			return nil, fmt.Errorf("README.md: the marker of %s is not followed by a ```yaml fence", file)
		}
		start += len("```yaml\n")
		end := strings.Index(readme[start-1:], "\n```\n")
		if end < 0 {
			return nil, fmt.Errorf("README.md: the block of %s is not closed", file)
		}
		end += start // start-1 + the newline before the closing fence
		blocks = append(blocks, verbatimBlock{file: file, start: start, end: end})
		at = end
	}
}

// moduleRoot is the repository's top, from this package.
var moduleRoot = filepath.Join("..", "..")

// shippedWorkflowFiles are the storygate*.yml files of .github/workflows,
// by their path from the repository's top.
func shippedWorkflowFiles(t *testing.T) map[string]string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(moduleRoot, ".github", "workflows", "storygate*.yml"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no shipped workflows in .github/workflows: %v", err)
	}
	files := map[string]string{}
	for _, name := range names {
		content, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rel, err := filepath.Rel(moduleRoot, name)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.ToSlash(rel)] = string(content)
	}
	return files
}

// verbatimDrift lists how readme's blocks differ from files (path →
// content): a block unlike its file, a file shown twice or not at all, a
// block of a file that is not shipped.
func verbatimDrift(readme string, files map[string]string) ([]string, error) {
	blocks, err := verbatimBlocks(readme)
	if err != nil {
		return nil, err
	}
	var drift []string
	shown := map[string]int{}
	for _, b := range blocks {
		shown[b.file]++
		want, ok := files[b.file]
		switch {
		case !ok:
			drift = append(drift, b.file+": shown, but not a shipped workflow")
		case readme[b.start:b.end] != want:
			drift = append(drift, b.file+": the README's block differs from the file")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if shown[name] != 1 {
			drift = append(drift, fmt.Sprintf("%s: shown %d times, want once", name, shown[name]))
		}
	}
	return drift, nil
}

// rewriteVerbatim is readme with every block replaced by its file.
func rewriteVerbatim(readme string, files map[string]string) (string, error) {
	blocks, err := verbatimBlocks(readme)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	at := 0
	for _, b := range blocks {
		content, ok := files[b.file]
		if !ok {
			return "", fmt.Errorf("README.md shows %s, which is not shipped", b.file)
		}
		out.WriteString(readme[at:b.start])
		out.WriteString(content)
		at = b.end
	}
	out.WriteString(readme[at:])
	return out.String(), nil
}

// TestTheREADMEShowsTheShippedWorkflows: the README shows every shipped
// workflow (.github/workflows/storygate*.yml) once, byte for byte, in a
// ```yaml block after its marker; STORYGATE_UPDATE_README=1 rewrites the
// blocks from the files. A planted edit, a missing block and a doubled
// one are each reported.
func TestTheREADMEShowsTheShippedWorkflows(t *testing.T) {
	path := filepath.Join(moduleRoot, "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	files := shippedWorkflowFiles(t)
	if os.Getenv("STORYGATE_UPDATE_README") == "1" {
		rewritten, err := rewriteVerbatim(readme, files)
		if err != nil {
			t.Fatal(err)
		}
		if rewritten != readme {
			if err := os.WriteFile(path, []byte(rewritten), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		readme = rewritten
	}
	drift, err := verbatimDrift(readme, files)
	if err != nil {
		t.Fatal(err)
	}
	if len(drift) > 0 {
		t.Errorf("README.md's workflow blocks are not the shipped files:\n%s\nrun STORYGATE_UPDATE_README=1 go test ./internal/workflows -run TestTheREADMEShowsTheShippedWorkflows", strings.Join(drift, "\n"))
	}
	gate := ".github/workflows/storygate.yml"
	blocks, _ := verbatimBlocks(readme)
	i := slices.IndexFunc(blocks, func(b verbatimBlock) bool { return b.file == gate })
	if i < 0 {
		t.Fatalf("README.md does not show %s", gate)
	}
	b := blocks[i]
	for _, plant := range []struct{ name, readme, want string }{
		{"an edited line", readme[:b.start] + strings.Replace(readme[b.start:b.end], "persist-credentials: false", "persist-credentials: true", 1) + readme[b.end:], "the README's block differs from the file"},
		{"a missing file", readme[:b.start-len("```yaml\n")-len(verbatimMarker+gate+" -->\n")] + readme[b.start-len("```yaml\n"):], "shown 0 times"},
		{"a doubled file", readme[:b.end] + "```\n\n" + verbatimMarker + gate + " -->\n```yaml\n" + files[gate] + readme[b.end:], "shown 2 times"},
	} {
		d, err := verbatimDrift(plant.readme, files)
		if err != nil || !strings.Contains(strings.Join(d, "\n"), gate+": "+plant.want) {
			t.Errorf("%s: drift %q (%v), want %q", plant.name, d, err, plant.want)
		}
	}
}
