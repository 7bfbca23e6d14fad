package command

import (
	"strings"
	"testing"
	"unicode"

	"github.com/storygate/storygate/internal/linebreak"
)

// FuzzParseCommands feeds arbitrary comment bodies to the slash-command
// parser: it never panics, every command sits on a line of the body, its
// name is a lower-case word, and no field spans a line (a second command
// or a forged argument must never ride in on one). Seeds are the command
// shapes reviewers type; the corpus lives in testdata/fuzz/FuzzParseCommands.
func FuzzParseCommands(f *testing.F) {
	for _, body := range []string{
		"/approve-plan STORY-001 looks right",
		"LGTM\n/accept-result STORY-002\nrationale on\nseveral lines\n/storygate help",
		"/unblock planning STORY-003 the blocker is gone",
		"/ruling ready STORY-004\r/approve-plan STORY-005\r",
		"> /approve-plan STORY-001 quoted\n```\n/approve-plan STORY-009\n```\n",
		"/APPROVE-PLAN story-001",
		"/allow-test-edit tests/a.sh tests/b.sh -- the rename forced both\nmore",
	} {
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, body string) {
		lines := linebreak.Count([]byte(body))
		for _, c := range Parse(body) {
			if c.Line < 1 || c.Line > lines {
				t.Fatalf("command %+v on line %d of a %d-line body", c, c.Line, lines)
			}
			if c.Name == "" || strings.ToLower(c.Name) != c.Name || strings.IndexFunc(c.Name, unicode.IsSpace) >= 0 {
				t.Fatalf("bad command name %q", c.Name)
			}
			for _, field := range append([]string{c.Name, c.Target, c.StoryID}, c.Paths...) {
				if strings.ContainsAny(field, "\r\n") {
					t.Fatalf("field %q of %+v spans a line", field, c)
				}
			}
			if !strings.HasPrefix(c.Text(), "/"+c.Name) {
				t.Fatalf("Text() = %q for %+v", c.Text(), c)
			}
		}
	})
}
