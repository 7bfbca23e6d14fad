package chatops

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/story"
)

// ErrNotInHistory means a commit a record names is not in the checkout.
var ErrNotInHistory = errors.New("commit not in the repository's history")

// History is the git history approved content is read from: what a commit
// holds is fixed by its SHA, whoever pushed it.
type History interface {
	// File returns path's content at commit sha; ok is false when absent.
	File(sha, path string) (data []byte, ok bool, err error)
	// Blobs lists the files at sha that keep selects, sorted by path.
	Blobs(sha string, keep func(path string) bool) ([]Blob, error)
	// IsAncestor reports whether ancestor is sha or one of its ancestors.
	IsAncestor(ancestor, sha string) (bool, error)
}

// GitHistory reads the repository whose work tree contains root.
func GitHistory(root string) History { return &gitHistory{root: root} }

type gitHistory struct {
	root string
	once sync.Once
	repo *gitrepo.Repo
	err  error
}

func (g *gitHistory) commit(sha string) (*object.Commit, error) {
	g.once.Do(func() { g.repo, g.err = gitrepo.Open(g.root) })
	if g.err != nil {
		return nil, g.err
	}
	c, err := g.repo.Commit(sha)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotInHistory, err)
	}
	return c, nil
}

// File reads path at commit sha; ok is false when the commit has no such file.
func (g *gitHistory) File(sha, path string) ([]byte, bool, error) {
	c, err := g.commit(sha)
	if err != nil {
		return nil, false, err
	}
	return g.repo.ReadFile(c, path)
}

// Blobs returns the blobs at commit sha whose paths keep accepts.
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
		if keep(f.Name) {
			out = append(out, Blob{Path: f.Name, ID: f.Hash.String()})
		}
	}
}

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
