package scaffold

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/story"
)

// FuzzHasTestScript: any package.json is judged without a panic, and a
// refused one is refused with an error, never a suite.
func FuzzHasTestScript(f *testing.F) {
	for _, s := range []string{`{"scripts":{"test":"jest"}}`, `{"scripts":{"test":""}}`, `{"scripts":`, `[]`, `{"scripts":{"test":1}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ok, err := hasTestScript(data)
		if err != nil && ok {
			t.Fatalf("an error and a test script: %v", err)
		}
	})
}

// FuzzStoryText: every title CheckTitle accepts makes a story whose
// frontmatter and heading both parse back to that title, with no parse
// problem; a title it refuses never reaches the template.
func FuzzStoryText(f *testing.F) {
	for _, s := range []string{"First story", "Add login: rate limits", `"quoted" #hash`, "- dash", "yes", "{ID}", "100%", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, title string) {
		if CheckTitle(title) != nil {
			return
		}
		st := story.Parse("stories/STORY-001.md", StoryText("STORY-001", title, at, "go test ./..."))
		want := strings.TrimSpace(title)
		if len(st.Problems) > 0 || st.Front == nil || st.Front.Details == nil || st.Body == nil || st.Body.Title == nil {
			t.Fatalf("title %q: the story does not parse: %+v", title, st.Problems)
		}
		if st.Front.Title.Value != want || st.Body.Title.Text != "STORY-001 "+want {
			t.Fatalf("title %q: frontmatter %q, heading %q", title, st.Front.Title.Value, st.Body.Title.Text)
		}
	})
}
