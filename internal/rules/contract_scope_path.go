package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/story"
)

// scopePath checks the paths that decide a grant: scope.write and
// scope.exclude. scope.read grants nothing; contract/scope-read-path
// checks it as a warning.
var scopePath = &Rule{Rule: catalog.Must("contract/scope-path"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil {
			return
		}
		reportScopePaths(p, "scope.write", fm.Scope.Write, "")
		reportScopePaths(p, "scope.exclude", fm.Scope.Exclude, "")
	}}

// reportScopePaths reports every path of list that scopePathProblem
// refuses, naming the list and adding note to the reason.
func reportScopePaths(p *Pass, name string, list story.StringList, note string) {
	for _, it := range list.Items {
		if why := scopePathProblem(it.Value); why != "" {
			p.Report(it.Pos, "%s path %q %s%s", name, it.Value, why, note)
		}
	}
}

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
