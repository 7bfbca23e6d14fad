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
	spec, err := os.ReadFile(filepath.Join(repoRoot, "docs", "spec", "enso-story-v1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(spec), "\n12. Canonical template\n\n")
	body, _, ok2 := strings.Cut(after, "\n13. Reserved ID")
	if !ok || !ok2 {
		t.Fatal("the spec has no section 12 followed by 13")
	}
	return strings.TrimRight(body, "\n") + "\n"
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
	guide, err := os.ReadFile(filepath.Join(repoRoot, "docs", "first-story.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(guide), "\n```markdown\n")
	example, _, ok2 := strings.Cut(after, "\n```\n")
	if !ok || !ok2 {
		t.Fatal("docs/first-story.md has no ```markdown example")
	}
	example += "\n"
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
