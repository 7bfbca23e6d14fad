package scaffold

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// specTemplate is section 12 of the shipped spec: the canonical template,
// without the section's heading and the next one's.
func specTemplate(t *testing.T) string {
	t.Helper()
	body := between(t, "docs/spec/enso-story-v1.txt", "\n12. Canonical template\n\n", "\n13. Reserved ID")
	return strings.TrimRight(body, "\n") + "\n"
}

// between is the text of the repository's file rel between start and
// end, both required.
func between(t *testing.T, rel, start, end string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), start)
	body, _, ok2 := strings.Cut(after, end)
	if !ok || !ok2 {
		t.Fatalf("%s has no %q followed by %q", rel, start, end)
	}
	return body
}

// TestTheTemplateIsTheSpecs: a story written with the template's own
// values (STORY-001, "Example story", its timestamps, `npm test`) is the
// spec's canonical template byte for byte, so init and new write the
// spec's template and nothing else. The control: another title differs.
func TestTheTemplateIsTheSpecs(t *testing.T) {
	want := specTemplate(t)
	stamp := time.Date(2026, 5, 27, 0, 0, 0, 0, time.UTC)
	if got := string(StoryText("STORY-001", "Example story", stamp, "npm test")); got != want {
		t.Errorf("the template differs from the spec's section 12:\n--- got\n%s\n--- spec\n%s", got, want)
	}
	if got := string(StoryText("STORY-001", "Another story", stamp, "npm test")); got == want {
		t.Error("the control: another title gave the spec's text")
	}
}

// TestTheGuidesExampleIsWhatNewWrites: docs/first-story.md's worked
// example is the story `storygate new` writes for its title in a Go
// module, at the time the example carries; the control is another time.
func TestTheGuidesExampleIsWhatNewWrites(t *testing.T) {
	example := between(t, "docs/first-story.md", "\n```markdown\n", "\n```\n") + "\n"
	_, stampLine, _ := strings.Cut(example, "\ncreated_at: ")
	stamp, err := time.Parse(time.RFC3339, strings.SplitN(stampLine, "\n", 2)[0])
	if err != nil {
		t.Fatalf("the example's created_at: %v", err)
	}
	title := "Reject malformed orders with HTTP 400"
	if got := string(StoryText("STORY-002", title, stamp, "go test ./...")); got != example {
		t.Errorf("the guide's example is not what new writes:\n--- new\n%s\n--- guide\n%s", got, example)
	}
	if got := string(StoryText("STORY-002", title, stamp.Add(time.Second), "go test ./...")); got == example {
		t.Error("the control: another time gave the example")
	}
}
