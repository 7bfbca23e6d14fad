package lint

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/storygate/storygate"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// Adoption is a change that adopts storygate (docs/first-story.md, "The
// adoption pull request"): the named base holds no configuration and no
// story; the change creates storygate's own files and new stories at their
// initial state, and nothing else.
type Adoption struct {
	// Files are storygate's own files the change creates, by their paths
	// in the root: the set rules leave them to no story's scope.
	Files []string
	// Stories are the new stories' paths.
	Stories []string
}

// OwnFile reports whether rel (a path in the root) is one of the files
// `storygate init` writes besides stories: the configuration and the
// shipped workflows.
func OwnFile(rel string) bool {
	if rel == config.DefaultPath {
		return true
	}
	dir, name := path.Split(rel)
	return dir == storygate.WorkflowDir+"/" && slices.Contains(storygate.WorkflowNames(), name)
}

// findAdoption returns the change's adoption, nil when it is not one.
// Every condition is needed: a base with a configuration or a story is
// adopted already; a change that touches any other file, another root's
// stories, or a story not as the template seeds it (a state past seeded,
// a decision) is work, judged as any other.
func findAdoption(opts Options, ls []*loaded, ctx *baseContext, isStory func(string) bool) *Adoption {
	if ctx.read == nil || !opts.Target.BaseUnconfigured() || len(ctx.others.Paths()) > 0 || (ctx.deleted != nil && len(ctx.deleted.all) > 0) {
		return nil
	}
	a := &Adoption{}
	for _, l := range ls {
		if l.notStory || l.untouched || l.unit.Base != nil || !l.seededAtHead() {
			return nil
		}
		a.Stories = append(a.Stories, l.path)
	}
	for _, ch := range ctx.changes {
		switch {
		case isStory(ch.Path) && ch.Kind == gitrepo.Created:
		case OwnFile(ch.Path) && ch.Kind == gitrepo.Created:
			a.Files = append(a.Files, ch.Path)
		default:
			return nil
		}
	}
	if len(a.Files) == 0 {
		return nil // only new stories: nothing needs the exception
	}
	return a
}

// seededAsTemplate reports whether s is at the initial state, with no
// human decision, as `storygate init` and `storygate new` write it. A
// story whose frontmatter did not parse is not: its state is unknown.
func seededAsTemplate(s *story.Story) bool {
	return s != nil && s.Front != nil && s.Front.State.Value == string(lifecycle.Seeded) && len(s.Decisions()) == 0
}

// seededAtHead is seededAsTemplate of the loaded story's head, worked out
// before it was slimmed when it was (loaded.slim).
func (l *loaded) seededAtHead() bool {
	if l.facts != nil {
		return l.seeded
	}
	return seededAsTemplate(l.unit.Head)
}

// adoptedFiles are the files a set rule leaves unclaimed; nil unless a.
func (a *Adoption) adoptedFiles() map[string]bool {
	if a == nil {
		return nil
	}
	out := make(map[string]bool, len(a.Files))
	for _, f := range a.Files {
		out[f] = true
	}
	return out
}

// Note says what the adoption changed in how the change is judged. It
// names storygate's files (a known few) and counts the stories, so it
// stays within a results document's note (512 bytes).
func (a *Adoption) Note() string {
	return fmt.Sprintf("This change adopts storygate: its base has no %s and no story, and it adds only storygate's files (%s) and %s at seeded, so no scope.write has to claim those files (docs/first-story.md, \"The adoption pull request\"); the stories are judged as usual.",
		config.DefaultPath, strings.Join(a.Files, ", "), storyCount(len(a.Stories)))
}

func storyCount(n int) string {
	if n == 1 {
		return "1 new story"
	}
	return fmt.Sprintf("%d new stories", n)
}

// PublisherNote says, for a gate job, when the adoption adds the
// publisher, why nothing is posted to the pull request until it is
// merged and where the report is meanwhile; "" otherwise.
func (a *Adoption) PublisherNote() string {
	if !slices.Contains(a.Files, storygate.WorkflowDir+"/storygate-publish.yml") {
		return ""
	}
	return "GitHub starts a workflow_run workflow only from the default branch, so the publisher this change adds (storygate-publish.yml) posts no check run and no comment until it is merged: until then this job's summary and annotations are the report."
}
