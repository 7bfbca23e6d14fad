package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/story"
)

var scopePath = &Rule{Rule: catalog.Must("contract/scope-path"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil {
			return
		}
		for _, l := range []struct {
			name string
			list story.StringList
		}{{"scope.write", fm.Scope.Write}, {"scope.read", fm.Scope.Read}, {"scope.exclude", fm.Scope.Exclude}} {
			for _, it := range l.list.Items {
				if why := scopePathProblem(it.Value); why != "" {
					p.Report(it.Pos, "%s path %q %s", l.name, it.Value, why)
				}
			}
		}
	}}

// scopePathProblem says why a scope path is refused, or "".
func scopePathProblem(path string) string {
	if why := escapes(path); why != "" {
		return why
	}
	if err := pathglob.Validate(pathglob.Normalize(path)); err != nil {
		return err.Error()
	}
	return ""
}

// escapes says why a scope path leaves the repository, or "".
func escapes(path string) string {
	switch {
	case strings.TrimSpace(path) == "":
		return "is empty"
	case strings.HasPrefix(path, "/") || strings.HasPrefix(path, `\`) || (len(path) > 1 && path[1] == ':'):
		return "is absolute; scope paths are relative to the repository root"
	case pathglob.Climbs(path):
		return "climbs out of the repository with .."
	}
	return ""
}
