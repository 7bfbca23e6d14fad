package chatops

import (
	"context"
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/target"
)

// Finder lists the story files a pull request carries, by their paths in
// the root, as the policy's story globs (globs) name them.
type Finder func(ctx context.Context, pr github.PullRequest, globs []string) ([]string, error)

// TargetFor opens the run's target for a pull request: its base and head
// commits, the change between them and the policy (target.Open).
type TargetFor func(pr github.PullRequest) (*target.Target, error)

// GitStories finds the stories the pull request changed (from the merge
// base of its base and head; the workflow checks out the PR head with
// full history), keeping the paths that match the configured story
// globs. The globs are relative to the root, which may be a package
// inside its repository: a change is matched and listed at its path in
// the root, and a file outside the root is not the root's story.
func GitStories(open TargetFor) Finder {
	return func(_ context.Context, pr github.PullRequest, globs []string) ([]string, error) {
		t, err := open(pr)
		if err != nil {
			return nil, fmt.Errorf("find the PR's stories: %w", err)
		}
		var out []string
		for _, c := range t.InRoot() {
			if c.Kind != gitrepo.Deleted && pathglob.MatchAny(globs, c.Path) {
				out = append(out, c.Path)
			}
		}
		return out, nil
	}
}

// prStory is a story file read from the PR's head branch with its blob
// SHA. file is as the contents API has it, at its repository path; path
// is its path in the root, which story (parsed at path), the History and
// scope.write name.
type prStory struct {
	file  github.File
	path  string
	story *story.Story
	// adopting is the gate state of the local decision a command adopts
	// (adopt.go): the state the decision is taken at, "" for the story's
	// own.
	adopting lifecycle.State
}

// id is the story's id, or (with none) its path in the root, as the gate
// names it (hitl's storyID).
func (p prStory) id() string {
	if p.story.Front != nil && p.story.Front.ID.Value != "" {
		return p.story.Front.ID.Value
	}
	return p.path
}

// shown is the story's id as a reply shows it: the agent wrote it, so
// it is rendered inert (package inert), never as markup, a mention, a
// command or one of storygate's markers.
func (p prStory) shown() string { return inert.Inline(p.id()) }

func (p prStory) state() lifecycle.State {
	if p.adopting != "" {
		return p.adopting
	}
	if p.story.Front == nil {
		return ""
	}
	return p.story.Front.CurrentState()
}

// loadStories reads each story (paths in the root) from the head branch
// through the API, at its repository path (h.RepoPath), so the blob SHA a
// write names is GitHub's current one.
func loadStories(ctx context.Context, c github.Contents, h History, repo github.Repo, branch string, paths []string) ([]prStory, error) {
	var out []prStory
	for _, p := range paths {
		f, err := c.GetFile(ctx, repo, h.RepoPath(p), branch)
		if err != nil {
			return nil, fmt.Errorf("read %s on %s: %w", h.RepoPath(p), branch, err)
		}
		out = append(out, readStory(f, p))
	}
	return out, nil
}

// readStory is the story file f, whose path in the root is path.
func readStory(f github.File, path string) prStory {
	return prStory{file: f, path: path, story: story.Parse(path, f.Content)}
}

// selectStory picks the story a command is about: the one it names, or
// the only one waiting at a human gate. The string is a refusal reason.
func selectStory(stories []prStory, cmd command.Command) (prStory, string) {
	if len(stories) == 0 {
		return prStory{}, "this pull request changes no story file"
	}
	if cmd.StoryID != "" {
		for _, s := range stories {
			if strings.EqualFold(s.id(), cmd.StoryID) {
				return s, ""
			}
		}
		return prStory{}, fmt.Sprintf("this pull request has no story %s", cmd.StoryID)
	}
	waiting := atGates(stories)
	switch len(waiting) {
	case 0:
		return prStory{}, "no story in this pull request waits at a human gate"
	case 1:
		return waiting[0], ""
	}
	var ids []string
	for _, s := range waiting {
		ids = append(ids, s.shown())
	}
	return prStory{}, fmt.Sprintf("%d stories wait at human gates (%s): name one, e.g. %s", len(waiting), strings.Join(ids, ", "), inert.Code("/"+cmd.Name+" "+waiting[0].id()))
}

func atGates(stories []prStory) []prStory {
	var out []prStory
	for _, s := range stories {
		if lifecycle.IsGate(s.state()) {
			out = append(out, s)
		}
	}
	return out
}
