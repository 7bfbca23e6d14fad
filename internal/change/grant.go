package change

import (
	"strings"

	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/story"
)

// Scope is one version of a story's scope: what scope.write covers minus
// what scope.exclude covers. Entries are files, directories or globs
// (pathglob.Covers).
type Scope struct {
	Write, Exclude []string
}

// ScopeOf is the scope of one version of a story; empty without frontmatter.
func ScopeOf(fm *story.Frontmatter) Scope {
	if fm == nil {
		return Scope{}
	}
	return Scope{Write: fm.Scope.Write.Values(), Exclude: fm.Scope.Exclude.Values()}
}

// Covers reports whether scope.write covers path and scope.exclude does not.
// An invalid write entry covers nothing and an invalid exclude entry
// excludes everything (contract/scope-path reports both): a broken pattern
// never grants more than the story meant.
func (s Scope) Covers(path string) bool {
	if _, excluded := s.excluded(path); excluded {
		return false
	}
	_, written := pathglob.CoversAny(s.Write, path)
	return written
}

// ExcludedBy returns the scope.exclude entry that takes path out of a
// scope.write that covers it.
func (s Scope) ExcludedBy(path string) (string, bool) {
	if _, written := pathglob.CoversAny(s.Write, path); !written {
		return "", false
	}
	return s.excluded(path)
}

func (s Scope) excluded(path string) (string, bool) {
	for _, x := range s.Exclude {
		if pathglob.Validate(pathglob.Normalize(x)) != nil || pathglob.Covers(x, path) {
			return x, true
		}
	}
	return "", false
}

// Grant is what one story may write in the change: the paths every one of
// its scopes covers (one scope, or the base and head scopes when the
// contract was frozen at base; see Pair.Grant).
type Grant struct {
	// ID names the story (its id, else its path) in findings.
	ID     string
	Scopes []Scope
}

// Covers reports whether every scope of the grant covers path.
func (g Grant) Covers(path string) bool {
	for _, s := range g.Scopes {
		if !s.Covers(path) {
			return false
		}
	}
	return len(g.Scopes) > 0
}

// ExcludedBy returns a scope.exclude entry of the grant that takes path out
// of a scope.write covering it.
func (g Grant) ExcludedBy(path string) (string, bool) {
	for _, s := range g.Scopes {
		if x, ok := s.ExcludedBy(path); ok {
			return x, true
		}
	}
	return "", false
}

// Grant is what the story may write in this change, choosing in every
// case the reading that gives an agent the least (docs/stories.md):
//
//   - a story new in the change (no base version): its head scope;
//   - a story whose base could not be parsed: nothing;
//   - a story whose contract was frozen at base (ready or later) and that
//     has no complete human reopen in the change: what both the base and
//     the head scope allow, so widening a frozen scope gains nothing and
//     narrowing it takes effect at once;
//   - a story still being planned at base, or reopened by a human in the
//     change: its head scope, the one the human decision in the change
//     approved (hitl checks the decision's digest against the head
//     contract, so a scope changed after the decision makes it stale).
func (p Pair) Grant() Grant {
	g := Grant{ID: storyID(p.Head)}
	head := ScopeOf(p.Head.Front)
	switch {
	case p.Head.Front == nil:
	case p.Base == nil:
		g.Scopes = []Scope{head}
	case p.Base.Front == nil:
	case p.FrozenAtBase() && p.ReopenMissing() != "":
		g.Scopes = []Scope{ScopeOf(p.Base.Front), head}
	default:
		g.Scopes = []Scope{head}
	}
	return g
}

// owned is g with every text copied out of the stories' sources.
func (g Grant) owned() Grant {
	out := Grant{ID: strings.Clone(g.ID), Scopes: make([]Scope, len(g.Scopes))}
	for i, s := range g.Scopes {
		out.Scopes[i] = Scope{Write: cloned(s.Write), Exclude: cloned(s.Exclude)}
	}
	if g.Scopes == nil {
		out.Scopes = nil
	}
	return out
}

func cloned(ss []string) []string {
	if ss == nil {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.Clone(s)
	}
	return out
}

// Grants are the grants of a change; a path is granted when one grant
// covers it.
type Grants []Grant

// Covers reports whether some grant covers path.
func (gs Grants) Covers(path string) bool {
	for _, g := range gs {
		if g.Covers(path) {
			return true
		}
	}
	return false
}

// ExcludedBy finds a grant whose scope.exclude takes path out of its
// scope.write, and that exclude entry.
func (gs Grants) ExcludedBy(path string) (id, entry string, ok bool) {
	for _, g := range gs {
		if x, found := g.ExcludedBy(path); found {
			return g.ID, x, true
		}
	}
	return "", "", false
}

// Filter returns the paths some grant covers, in order.
func (gs Grants) Filter(paths []string) []string {
	var out []string
	for _, p := range paths {
		if gs.Covers(p) {
			out = append(out, p)
		}
	}
	return out
}

// IDs lists the grants' story ids, comma-separated, for findings.
func (gs Grants) IDs() string {
	ids := make([]string, len(gs))
	for i, g := range gs {
		ids[i] = g.ID
	}
	return strings.Join(ids, ", ")
}

// UnderPrefix reports whether path lies under one of prefixes, as the
// revert check matches its governed and granted prefixes: whole path
// components ("tests/" and "tests" both hold tests/a.go, not
// tests_old/a.go), and "./tests/" or "/tests" mean "tests".
func UnderPrefix(prefixes []string, path string) bool {
	for _, p := range prefixes {
		if pathglob.Covers(strings.TrimPrefix(strings.TrimSpace(p), "/"), path) {
			return true
		}
	}
	return false
}

// Prefixes is a grant of plain path entries (revert-check's --grant flags).
func Prefixes(id string, entries []string) Grant {
	return Grant{ID: id, Scopes: []Scope{{Write: entries}}}
}

func storyID(s *story.Story) string {
	if s.Front != nil && s.Front.ID.Value != "" {
		return s.Front.ID.Value
	}
	return s.Path
}
