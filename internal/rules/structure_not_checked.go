package rules

import (
	"path"
	"strings"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/story"
)

// notChecked says, on each story whose frontmatter does not parse, what the
// set rules did not decide because of it: it is reported once, by its parse
// rule, and the rules that need its id or its scope skip it rather than
// report false findings about it (docs/stories.md, "A story that does not
// parse").
var notChecked = &Rule{Rule: catalog.Must("structure/not-checked"),
	CheckSet: func(p *SetPass) {
		refs := referencesToUnparsed(p)
		touched := p.touchedUnparsed()
		var files []string
		if len(touched) > 0 {
			walkUnclaimed(p, func(ch gitrepo.Change) { files = append(files, ch.Path) })
		}
		ticked := tickedUnparsed(p)
		for _, s := range p.unparsed() {
			var parts []string
			if by := refs[s.Path]; len(by) > 0 {
				parts = append(parts, "the references to "+stemOf(s)+" in "+strings.Join(by, ", ")+" (delegation/unknown-dependency, delegation/dependency-not-done)")
			}
			if touched[s.Path] && len(files) > 0 {
				parts = append(parts, "whether its scope.write claims the changed "+strings.Join(files, ", ")+" (scope/out-of-scope, revert/may-not-create)")
			}
			if ticked[s.Path] {
				parts = append(parts, "whether the boxes ticked in its role entries are a human's closure (authority/append-only)")
			}
			if len(parts) > 0 {
				p.Report(s.Path, story.Pos{Line: 1, Column: 1}, "this story's frontmatter did not parse, so what needs it was not checked: %s; they are checked once it parses", strings.Join(parts, "; "))
			}
		}
	}}

// unparsed are the stories whose frontmatter does not parse at head.
func (p *SetPass) unparsed() []*story.Story {
	var out []*story.Story
	for _, u := range p.Units {
		if u.Head.Front == nil {
			out = append(out, u.Head)
		}
	}
	return out
}

// touchedUnparsed are the paths of the stories the change created, modified
// or moved whose frontmatter does not parse at head: what such a story may
// write cannot be told, so no changed file is judged against the grants
// while it does not parse (its parse error fails the change).
func (p *SetPass) touchedUnparsed() map[string]bool {
	out := map[string]bool{}
	for _, u := range p.Units {
		if u.Head.Front == nil && !u.Unchanged() && p.Change.Touched(u) {
			out[u.Head.Path] = true
		}
	}
	return out
}

// tickedUnparsed are the paths of the stories whose frontmatter does not
// parse at head and whose role entries differ from the base's only in
// ticked boxes (tickedEntries): who moved them cannot be told.
func tickedUnparsed(p *SetPass) map[string]bool {
	out := map[string]bool{}
	for _, u := range p.Units {
		if u.Head.Front == nil && tickedEntries(u) {
			out[u.Head.Path] = true
		}
	}
	return out
}

// stemOf is an unparsable story's file name without .md: the id it is
// taken to hold, as is the stem's leading id (unparsedHolder).
func stemOf(s *story.Story) string { return strings.TrimSuffix(path.Base(s.Path), ".md") }

// unparsedHolder returns the path of an unparsable story that may hold id
// (stemOf), or "".
func unparsedHolder(p *SetPass) func(id string) string {
	stems := map[string]string{}
	for _, s := range p.unparsed() {
		stems[stemOf(s)] = s.Path
	}
	return func(id string) string {
		if id == "" || len(stems) == 0 {
			return ""
		}
		if held, ok := stems[id]; ok {
			return held
		}
		for stem, held := range stems {
			if strings.HasPrefix(stem, id+"-") {
				return held
			}
		}
		return ""
	}
}

// referencesToUnparsed maps each unparsable story's path to the ids of the
// stories whose unresolved references may name it.
func referencesToUnparsed(p *SetPass) map[string][]string {
	holder := unparsedHolder(p)
	out := map[string][]string{}
	x := p.storyIndex()
	withFront(p.Units, func(i int, s *story.Story, fm *story.Frontmatter) {
		seen := map[string]bool{}
		note := func(ref story.Scalar, n int32) {
			if held := holder(story.Clean(ref.Value)); n < 0 && held != "" && !seen[held] {
				seen[held] = true
				out[held] = append(out[held], fm.ID.Value)
			}
		}
		eachReference(fm, x, i, note)
	})
	return out
}

// eachReference calls fn with every depends_on, dependent_stories and parent
// reference of the story numbered i, and what it resolved to (-1: no story).
func eachReference(fm *story.Frontmatter, x *setIndex, i int, fn func(ref story.Scalar, n int32)) {
	for k, ref := range fm.DependsOn.Items {
		fn(ref, x.dependsOn[i][k])
	}
	for k, ref := range fm.DependentStories.Items {
		fn(ref, x.dependents[i][k])
	}
	if fm.Parent.Set && fm.Parent.Value != "" {
		fn(fm.Parent, x.parent[i])
	}
}
