package cli

import (
	"fmt"
	"path/filepath"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/target"
)

// loadedStory is a story file read from the work tree.
type loadedStory struct {
	Path  string
	Story *story.Story
}

// selectStories picks the stories whose verification verify reruns. Named
// paths are taken as they are, whatever their state: the user asked. With
// no path, the configured globs are searched and only stories at
// evaluating or later are kept (earlier ones have nothing to verify yet);
// with --base, only those among them that the change touched.
func selectStories(t *target.Target, paths []string) ([]loadedStory, error) {
	root := t.Root()
	rels, err := lint.FindStories(root, paths, t.Policy().Stories)
	if err != nil {
		return nil, err
	}
	if len(paths) > 0 {
		return loadStories(root, rels, false)
	}
	if t.HasBase() {
		rels = changedOnly(t, rels)
	}
	return loadStories(root, rels, true)
}

// changedOnly keeps the paths created or modified in the target's change.
func changedOnly(t *target.Target, rels []string) []string {
	changed := map[string]bool{}
	for _, c := range t.InRoot() {
		if c.Kind != gitrepo.Deleted {
			changed[c.Path] = true
		}
	}
	var out []string
	for _, r := range rels {
		if changed[r] {
			out = append(out, r)
		}
	}
	return out
}

func loadStories(root string, rels []string, evaluatingOnly bool) ([]loadedStory, error) {
	var out []loadedStory
	for _, rel := range rels {
		s, err := readStory(root, rel)
		if err != nil {
			return nil, err
		}
		if s.Front != nil && evaluatingOnly && !lifecycle.AtOrAfter(s.Front.CurrentState(), lifecycle.Evaluating) {
			continue
		}
		out = append(out, loadedStory{Path: rel, Story: s})
	}
	return out, nil
}

// unreadable reports the stories whose frontmatter could not be read: their
// verification cannot be rerun, which must not pass for "every item passed".
func unreadable(stories []loadedStory) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, s := range stories {
		if s.Story.Front != nil {
			continue
		}
		for _, p := range s.Story.Problems {
			out = append(out, diag.New(p.Rule, diag.SeverityError, s.Path, diag.Pos{Line: p.Pos.Line, Column: p.Pos.Column},
				"%s (its verification cannot be rerun)", p.Message))
		}
	}
	return out
}

func readStory(root, rel string) (*story.Story, error) {
	src, err := safefile.ReadFile(root, filepath.Join(root, filepath.FromSlash(rel)), story.MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("story %s: %w", rel, err)
	}
	return story.Parse(rel, src), nil
}

// usageError reports an error the user must fix (exit 2).
func usageError(e env, cmd string, err error) int {
	fmt.Fprintf(e.stderr, "storygate %s: %v\n", cmd, err)
	return ExitUsage
}
