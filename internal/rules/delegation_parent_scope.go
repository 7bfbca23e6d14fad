package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/pathglob"

	"github.com/storygate/storygate/internal/story"
)

var parentScope = &Rule{ID: "delegation/parent-scope", Need: NeedSet, Spec: "§10.1",
	Summary: "a child's `scope.write` does not overlap its parent's `scope.write`",
	CheckSet: func(p *SetPass) {
		ids := byID(p.Units)
		withFront(p.Units, func(s *story.Story, fm *story.Frontmatter) {
			parent, ok := ids[fm.Parent.Value]
			if !fm.Parent.Set || !ok {
				return
			}
			if fm.ID.Set && fm.Parent.Value == fm.ID.Value {
				p.Report(s.Path, fm.Parent.Pos, "%s names itself as its parent; parent is the id of the story that delegated this work to it, or null", fm.ID.Value)
				return
			}
			for _, w := range fm.Scope.Write.Items {
				for _, pw := range parent.Front.Scope.Write.Items {
					if PathsOverlap(w.Value, pw.Value) {
						p.Report(s.Path, w.Pos, "scope.write %q overlaps %q in the scope.write of parent %s", w.Value, pw.Value, fm.Parent.Value)
					}
				}
			}
		})
	}}

// PathsOverlap reports whether two scope paths (files, directories or globs)
// can name the same file: one is a prefix directory of the other.
func PathsOverlap(a, b string) bool {
	a, b = literalPrefix(a), literalPrefix(b)
	return a == b || under(a, b) || under(b, a)
}

// PathUnder reports whether file lies within the scope path scope.
func PathUnder(file, scope string) bool {
	if strings.ContainsAny(scope, "*?[") {
		if pathglob.Match(scope, file) {
			return true
		}
	}
	s := literalPrefix(scope)
	return s == "" || file == s || under(file, s)
}

func under(p, dir string) bool {
	if dir == "" {
		return true
	}
	return strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// literalPrefix cuts a glob at its first wildcard segment and normalizes "./" and trailing slashes.
func literalPrefix(p string) string {
	p = strings.TrimPrefix(strings.TrimSpace(p), "./")
	if i := strings.IndexAny(p, "*?["); i >= 0 {
		p = p[:strings.LastIndex(p[:i], "/")+1]
	}
	return strings.TrimSuffix(p, "/")
}
