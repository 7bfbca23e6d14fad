package lint

import (
	"path"
	"strings"

	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/rootpath"
)

// otherStories are the story files of other roots that the change
// created, modified or deleted, anywhere in the repository. A pull request
// that touches any story is an agent's change (a role's turn is recorded
// in its story), whichever package's story it is: so a root whose own
// stories the change left alone still holds every file the change made
// inside it to its own generating stories' grants, and a package with no
// story touched is never judged as a human's pull request
// (docs/stories.md, "What a change may write").
type otherStories struct {
	// paths are the files, by repository path, sorted as the change is.
	paths []string
	// inRoot are those inside this root, by root path: another root's
	// story below this one (a package inside the repository's top) is
	// that root's to judge, never a changed file of this one's.
	inRoot map[string]bool
}

// findOtherStories lists the files of the repository-wide change that
// hold a story at the merge base or at head, recognised as discovery
// finds one (a .md file named STORY-* or declaring an enso.story schema,
// outside the directories discovery skips, read through its links),
// whatever the other root's discovery.non_story makes of a legacy one:
// the broader reading takes more pull requests for an agent's. Those this
// root's own globs or named directories cover are left out: the root's
// own story files are its discovery's to tell.
func findOtherStories(opts Options, baseTop, headTop *gitrepo.Files) (*otherStories, error) {
	t := opts.Target
	baseRead, headRead, own := readThrough(baseTop), readThrough(headTop), storyCandidate(opts)
	found := &otherStories{inRoot: map[string]bool{}}
	for _, ch := range t.Changes() {
		rel, inside := rootpath.InDir(t.Place(), ch.Path)
		if !strings.HasSuffix(ch.Path, ".md") || underSkipped(path.Dir(ch.Path)) || (inside && own(rel)) {
			continue
		}
		story, err := heldStory(ch, baseRead, headRead)
		if err != nil {
			return nil, err
		}
		if !story {
			continue
		}
		found.paths = append(found.paths, ch.Path)
		if inside {
			found.inRoot[rel] = true
		}
	}
	return found, nil
}

// heldStory reports whether the changed file held a story at
// base (unless the change created it) or at head (unless it deleted it).
func heldStory(ch gitrepo.Change, baseRead, headRead func(string) ([]byte, bool, error)) (bool, error) {
	for _, side := range []struct {
		read    func(string) ([]byte, bool, error)
		skipped gitrepo.ChangeKind
	}{{baseRead, gitrepo.Created}, {headRead, gitrepo.Deleted}} {
		if ch.Kind == side.skipped {
			continue
		}
		src, ok, err := side.read(ch.Path)
		if err != nil || (ok && storyFile(ch.Path, src)) {
			return err == nil, err
		}
	}
	return false, nil
}

// Paths are the other roots' story files the change touched, by
// repository path; none without a base.
func (o *otherStories) Paths() []string {
	if o == nil {
		return nil
	}
	return o.paths
}

// InRoot reports whether p, a path in this root, is another root's story.
func (o *otherStories) InRoot(p string) bool { return o != nil && o.inRoot[p] }
