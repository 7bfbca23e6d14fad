package cli

import (
	"strings"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/story"
)

// storyGrants returns the scope.write prefixes of the stories generating in
// the change: story files the change created or modified whose head state
// is generating or later. The scope is read at base when the story existed
// there, so a change cannot grant itself more by widening its own story's
// scope in the same change (the contract-freeze rules judge that widening).
//
// A story the change moved (git sees a deletion plus a creation) is read at
// base from the story file with the same id that left its path (deleted, or
// now declaring another id), as validate does.
func storyGrants(repo *gitrepo.Repo, base, head *object.Commit, changes []gitrepo.Change, globs []string) ([]string, error) {
	isStory := func(ch gitrepo.Change) bool {
		return strings.HasSuffix(ch.Path, ".md") && pathglob.MatchAny(globs, ch.Path)
	}
	moved, err := lint.MovedStories(lint.Options{Root: repo.Root(), Config: &config.Config{Stories: globs}}, changes,
		func(p string) ([]byte, bool, error) { return repo.ReadFile(base, p) },
		func(p string) ([]byte, bool, error) { return repo.ReadFile(head, p) })
	if err != nil {
		return nil, err
	}
	var grants []string
	for _, ch := range changes {
		if ch.Kind == gitrepo.Deleted || !isStory(ch) {
			continue
		}
		g, err := grantsOf(repo, base, head, ch.Path, moved)
		if err != nil {
			return nil, err
		}
		grants = append(grants, g...)
	}
	return grants, nil
}

func grantsOf(repo *gitrepo.Repo, base, head *object.Commit, path string, moved map[string]*story.Story) ([]string, error) {
	atHead, err := storyAt(repo, head, path)
	if err != nil || atHead == nil || !lifecycle.AtOrAfter(story.Token(atHead.Front.State.Value), lifecycle.Generating) {
		return nil, err
	}
	atBase, err := storyAt(repo, base, path)
	if err != nil {
		return nil, err
	}
	if atBase == nil || !lint.SameStory(atBase, atHead) {
		atBase = moved[atHead.Front.ID.Value]
	}
	if atBase != nil {
		return atBase.Front.Scope.Write.Values(), nil
	}
	return atHead.Front.Scope.Write.Values(), nil
}

// storyAt parses path at commit c; nil when it is absent or has no frontmatter.
func storyAt(repo *gitrepo.Repo, c *object.Commit, path string) (*story.Story, error) {
	src, ok, err := repo.ReadFile(c, path)
	if err != nil || !ok || len(src) > story.MaxFileSize {
		return nil, err
	}
	s := story.Parse(path, src)
	if s.Front == nil {
		return nil, nil
	}
	return s, nil
}
