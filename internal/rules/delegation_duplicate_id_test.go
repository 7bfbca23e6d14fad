package rules_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
)

// dupStory is a minimal story for the set rules: only its frontmatter matters.
func dupStory(path, id, state, extra string) rules.Unit {
	src := "---\nschema: enso.story/v1\nid: " + id + "\ntitle: T\nstate: " + state + "\nactive_role: planner\n" +
		"iteration: 0\nmax_iterations: 3\ncreated_at: 2026-05-27T00:00:00Z\nupdated_at: 2026-05-27T00:00:00Z\n" + extra +
		"scope:\n  write: [" + strings.ReplaceAll(path, "/", "_") + "]\n  read: []\n  exclude: []\n---\n# " + id + " T\n"
	return rules.Unit{Head: story.Parse(path, []byte(src))}
}

// TestDuplicateIDsResolveByPath: with two files declaring STORY-001 (one
// done, one seeded), the set rules resolve the id to the first file by path,
// whatever order the files come in, and the later file is reported.
func TestDuplicateIDsResolveByPath(t *testing.T) {
	units := []rules.Unit{
		dupStory("stories/a/STORY-001.md", "STORY-001", "done", "dependent_stories: [STORY-002]\n"),
		dupStory("stories/b/STORY-001.md", "STORY-001", "seeded", "dependent_stories: [STORY-002]\n"),
		dupStory("stories/STORY-002.md", "STORY-002", "ready", "depends_on: [STORY-001]\n"),
	}
	run := func(us []rules.Unit) []diag.Diagnostic {
		var out []diag.Diagnostic
		rules.RunSet(rules.All(), rules.SetPass{Units: us, IsStory: func(string) bool { return true }}, &out)
		diag.Sort(out)
		return out
	}
	want := run(units)
	reversed := []rules.Unit{units[2], units[1], units[0]}
	if diff := cmp.Diff(want, run(reversed)); diff != "" {
		t.Fatalf("set rules depend on file order (-in order +reversed):\n%s", diff)
	}
	var got []string
	for _, d := range want {
		got = append(got, d.File+" "+d.Rule)
	}
	// stories/a is first by path and done: STORY-002's dependency is met.
	if diff := cmp.Diff([]string{"stories/b/STORY-001.md delegation/duplicate-id"}, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}
