package chatops

import (
	"errors"
	"fmt"
	"io"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/rootpath"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/target"
)

// ErrNotInHistory means a commit a record names is not in the checkout.
var ErrNotInHistory = errors.New("commit not in the repository's history")

// History is the git history approved content is read from: what a commit
// holds is fixed by its SHA, whoever pushed it. It reads the root's files
// by their paths in the root (the root may be a package inside its
// repository), as the stories, their scope.write and the gate name them;
// RepoPath is the one way out, to the repository paths GitHub names
// (docs/chatops.md, "In a package root").
type History interface {
	// File returns path's content at commit sha; ok is false when absent.
	File(sha, path string) (data []byte, ok bool, err error)
	// Blobs lists the root's files at sha that keep selects, sorted by path.
	Blobs(sha string, keep func(path string) bool) ([]Blob, error)
	// IsAncestor reports whether ancestor is sha or one of its ancestors.
	IsAncestor(ancestor, sha string) (bool, error)
	// RepoPath is path, relative to the root, from the repository's top:
	// what the contents API reads and storygate's receipts name.
	RepoPath(path string) string
}

// NewHistory is the history of the run's repository, read at the root's
// place in it, which the target found once, before any command from the
// change ran (target.Open).
func NewHistory(t *target.Target) (History, error) {
	if t.Repo() == nil {
		return nil, fmt.Errorf("open the history of %s: %w", t.Root(), target.ErrNoRepository)
	}
	return &gitHistory{t: t, repo: t.Repo(), place: t.Place()}, nil
}

type gitHistory struct {
	t    *target.Target
	repo *gitrepo.Repo
	// place is the root's place in the repository, as PathOf gives it.
	place string
}

func (g *gitHistory) commit(sha string) (*object.Commit, error) {
	c, err := g.t.Object(sha)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotInHistory, err)
	}
	return c, nil
}

// File reads path, relative to the root, at commit sha; ok is false when
// the commit has no such file. A path climbing out of the root names none.
func (g *gitHistory) File(sha, path string) ([]byte, bool, error) {
	c, err := g.commit(sha)
	if err != nil {
		return nil, false, err
	}
	files, err := g.repo.FilesAt(c)
	if err != nil {
		return nil, false, err
	}
	return files.In(g.place).ReadFile(path)
}

// Blobs returns the blobs at commit sha inside the root whose paths in
// the root keep accepts.
func (g *gitHistory) Blobs(sha string, keep func(string) bool) ([]Blob, error) {
	c, err := g.commit(sha)
	if err != nil {
		return nil, err
	}
	files, err := c.Files()
	if err != nil {
		return nil, fmt.Errorf("files of %s: %w", sha, err)
	}
	defer files.Close()
	var out []Blob
	for {
		f, err := files.Next()
		if errors.Is(err, io.EOF) {
			return out, nil // the same tree always walks in the same order
		}
		if err != nil {
			return nil, fmt.Errorf("files of %s: %w", sha, err)
		}
		if rel, inside := rootpath.InDir(g.place, f.Name); inside && keep(rel) {
			out = append(out, Blob{Path: rel, ID: f.Hash.String()})
		}
	}
}

// RepoPath is path, relative to the root, from the repository's top.
func (g *gitHistory) RepoPath(path string) string { return rootpath.RepoPath(g.place, path) }

// IsAncestor reports whether ancestor is an ancestor of sha (or sha itself).
func (g *gitHistory) IsAncestor(ancestor, sha string) (bool, error) {
	a, err := g.commit(ancestor)
	if err != nil {
		return false, err
	}
	c, err := g.commit(sha)
	if err != nil {
		return false, err
	}
	if a.Hash == c.Hash {
		return true, nil
	}
	return a.IsAncestor(c)
}

// StoryAt parses the story at path in commit sha.
func StoryAt(h History, sha, path string) (*story.Story, error) {
	data, ok, err := h.File(sha, path)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: %s is not in commit %s", ErrNotInHistory, path, sha)
	}
	return story.Parse(path, data), nil
}

// ContentAt is what cover approves in the story at path in commit sha.
func ContentAt(h History, sha, path string, cover Cover) ([]byte, error) {
	s, err := StoryAt(h, sha, path)
	if err != nil {
		return nil, err
	}
	return ContentWith(h, sha, s, cover)
}

// ContentWith is what cover approves in s (read from anywhere) with the
// files of commit sha.
func ContentWith(h History, sha string, s *story.Story, cover Cover) ([]byte, error) {
	var files []Blob
	if cover.Code {
		var err error
		if files, err = h.Blobs(sha, inScope(s)); err != nil {
			return nil, err
		}
	}
	content, err := ApprovedContent(s, cover, files)
	if err != nil {
		return nil, fmt.Errorf("%s at %s: %w", s.Path, sha, err)
	}
	return content, nil
}
