// Package version answers one question: which storygate is this? A release
// build names itself with the linker (-X), a `go install …@vX.Y.Z` build
// carries its module version, and a build from a checkout carries the VCS
// revision (with "-dirty" when the tree had uncommitted changes); anything
// else is "dev".
package version

import "runtime/debug"

// release is set by release builds:
// -ldflags "-X github.com/storygate/storygate/internal/version.release=v1.2.3".
var release string

// String is storygate's version as users see it in `storygate version`,
// SARIF, the summary footer and the results document.
func String() string {
	info, _ := debug.ReadBuildInfo()
	return resolve(release, info)
}

// resolve picks the most specific version available: the linker's, the
// module's (not the "(devel)" placeholder of a main-module build), then the
// VCS revision; info may be nil (a binary built without module support).
func resolve(linked string, info *debug.BuildInfo) string {
	if linked != "" {
		return linked
	}
	if info == nil {
		return "dev"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	if rev := revision(info.Settings); rev != "" {
		return rev
	}
	return "dev"
}

// revision is "dev-<12 hex digits>[-dirty]" from the vcs.* build settings,
// or "" when the build carried none (GOFLAGS=-buildvcs=false, a tarball).
func revision(settings []debug.BuildSetting) string {
	var rev string
	dirty := false
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return ""
	}
	out := "dev-" + rev[:min(12, len(rev))]
	if dirty {
		out += "-dirty"
	}
	return out
}
