package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// specTemplate is the spec's §12 canonical template: a seeded story.
func specTemplate(t *testing.T, id string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "story", "testdata", "template.md"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(string(src), "STORY-001", id)
}

// writeFiles writes files under dir, creating directories.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func readText(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTransitionJudgesTheResultAmongTheOtherStories: the move is checked
// as validate would check its result — set rules included — so a story
// cannot leave seeded while a story it depends on is not done.
func TestTransitionJudgesTheResultAmongTheOtherStories(t *testing.T) {
	dir := t.TempDir()
	one := strings.Replace(specTemplate(t, "STORY-001"), "priority: high\n", "priority: high\ndepends_on: [STORY-002]\n", 1)
	writeFiles(t, dir, map[string]string{"stories/STORY-001.md": one, "stories/STORY-002.md": specTemplate(t, "STORY-002")})
	p := filepath.Join(dir, "stories", "STORY-001.md")
	code, _, errOut := run(t, "transition", "--root", dir, "--event", "begin_planning", "--actor", "orchestrator", p)
	if code != ExitFindings || !strings.Contains(errOut, "[delegation/dependency-not-done]") {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if readText(t, p) != one {
		t.Fatal("a refused move changed the file")
	}
}

// TestTransitionHonoursTheConfiguration: a rule the configuration turns
// off does not refuse a move, and one it raises to error does.
func TestTransitionHonoursTheConfiguration(t *testing.T) {
	retitled := strings.Replace(specTemplate(t, "STORY-001"), "# STORY-001 Example story", "# STORY-001 Another title", 1)
	for _, c := range []struct {
		config string
		want   int
	}{{"", ExitFindings}, {"rules:\n  structure/title-mismatch: off\n", ExitOK}} {
		dir := t.TempDir()
		files := map[string]string{"stories/STORY-001.md": retitled}
		if c.config != "" {
			files[".github/storygate.yml"] = c.config
		}
		writeFiles(t, dir, files)
		code, _, errOut := run(t, "transition", "--root", dir, "--event", "begin_planning", "--actor", "orchestrator", filepath.Join(dir, "stories", "STORY-001.md"))
		if code != c.want {
			t.Errorf("config %q: exit %d, want %d\n%s", c.config, code, c.want, errOut)
		}
	}
}

// TestTransitionThroughASymlink edits the story a link inside the
// repository names and keeps the link; a link out of it is refused.
func TestTransitionThroughASymlink(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"stories/real/STORY-001.md": specTemplate(t, "STORY-001")})
	link := filepath.Join(dir, "stories", "STORY-001.md")
	if err := os.Symlink(filepath.Join("real", "STORY-001.md"), link); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := run(t, "transition", "--root", dir, "--event", "begin_planning", "--actor", "orchestrator", link)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file: %v", err)
	}
	if !strings.Contains(readText(t, filepath.Join(dir, "stories", "real", "STORY-001.md")), "state: planning") {
		t.Error("the link's target was not moved")
	}
	outside := filepath.Join(t.TempDir(), "STORY-002.md")
	writeFiles(t, filepath.Dir(outside), map[string]string{"STORY-002.md": specTemplate(t, "STORY-002")})
	escape := filepath.Join(dir, "stories", "STORY-002.md")
	if err := os.Symlink(outside, escape); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := run(t, "transition", "--root", dir, "--event", "begin_planning", "--actor", "orchestrator", escape); code != ExitUsage {
		t.Errorf("a link out of the repository: exit %d\n%s", code, errOut)
	}
}

func TestTransitionRefusesANoteThatIsNotUTF8(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"stories/STORY-001.md": specTemplate(t, "STORY-001")})
	code, _, _ := run(t, "transition", "--root", dir, "--event", "begin_planning", "--actor", "orchestrator", "--note", "bad\xff", filepath.Join(dir, "stories", "STORY-001.md"))
	if code != ExitUsage {
		t.Errorf("exit %d, want %d", code, ExitUsage)
	}
}

// TestTransitionRefusalsAreTheStorys: what the move cannot do to this story
// is a refusal (exit 1), not a failure of storygate (exit 3).
func TestTransitionRefusalsAreTheStorys(t *testing.T) {
	tmpl := specTemplate(t, "STORY-001")
	huge := strings.Replace(tmpl, "## Goal\n...", "## Goal\n"+strings.Repeat("x", 5<<20), 1)
	nonBinding := strings.Replace(specTemplate(t, "STORY-001"), "state: seeded", "state: plan_review", 1)
	nonBinding = strings.Replace(nonBinding, "## Human Decisions\n", "## Human Decisions\n\n### Decision 1\n**Date:** 2026-05-27 10:00\n**At state:** plan_review\n"+
		"**Decision:** approve_plan\n**Rationale:** looks fine\n**Binding:** false\n", 1)
	for _, c := range []struct {
		name, story, event, actor, want string
	}{
		{"result too large", huge, "begin_planning", "orchestrator", "[structure/too-large]"},
		{"tagged state", strings.Replace(tmpl, "state: seeded", "state: !!str seeded", 1), "begin_planning", "orchestrator", "has no readable state"}, // the strict YAML policy refuses the tag
		{"non-binding decision", nonBinding, "approve_plan", "human", "**Binding:** false"},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"STORY-001.md": c.story})
		code, _, errOut := run(t, "transition", "--root", dir, "--event", c.event, "--actor", c.actor, filepath.Join(dir, "STORY-001.md"))
		if code != ExitFindings || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, want %d with %q\n%s", c.name, code, ExitFindings, c.want, errOut)
		}
	}
}
