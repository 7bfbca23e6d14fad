//go:build linux

package sandbox

import (
	"debug/buildinfo"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"
)

// SmallHelperName is the file name of the small helper executable
// (cmd/storygate-sandbox-exec), which the release ships next to storygate.
const SmallHelperName = "storygate-sandbox-exec"

// smallHelperMain is the small helper's main package.
const smallHelperMain = "github.com/storygate/storygate/cmd/storygate-sandbox-exec"

// helperCandidates are the Landlock helpers to try, in order, for
// storygate's executable own, of build ours: the small helper next to it
// when it may stand in (smallHelper), then own.
func helperCandidates(own string, ours *debug.BuildInfo) []string {
	if small, _ := smallHelper(own, ours); small != "" {
		return []string{small, own}
	}
	return []string{own}
}

// smallHelper returns the small helper standing next to exe (storygate's
// own executable, of build ours) when it may stand in for exe as the Landlock helper, or
// why not. Starting storygate's 39 MB binary again for every command costs
// the Go runtime and every package initializer (about 11 ms on a quiet
// machine, tens under load); the small one starts in a fraction of that.
//
// It must be the same build as this storygate, so that both read the
// helper line alike: its build information (read from the file, nothing
// run) names the small helper's main package and the same module, Go
// version, target and clean VCS revision as this executable's. A build
// with no VCS revision (a tarball of the source) or of a modified tree
// cannot be told apart from another, and is never used. And it must be a
// regular file that only its owner, this executable's owner or root, may
// change.
func smallHelper(exe string, ours *debug.BuildInfo) (string, string) {
	path := filepath.Join(filepath.Dir(exe), SmallHelperName)
	if why := ownedLikeExe(path, exe); why != "" {
		return "", why
	}
	theirs, err := buildinfo.ReadFile(path)
	if err != nil {
		return "", fmt.Sprintf("%s: %v", path, err)
	}
	if why := sameBuild(ours, theirs); why != "" {
		return "", path + " is not this storygate's build: " + why
	}
	return path, ""
}

// ownedLikeExe says why path may not stand in for exe: not a regular file,
// writable by its group or others, or owned by neither root nor exe's
// owner; "" when it may.
func ownedLikeExe(path, exe string) string {
	st, err := os.Stat(path)
	if err != nil {
		return err.Error()
	}
	ex, err := os.Stat(exe)
	if err != nil {
		return err.Error()
	}
	owner, exeOwner := st.Sys().(*syscall.Stat_t).Uid, ex.Sys().(*syscall.Stat_t).Uid
	switch {
	case !st.Mode().IsRegular():
		return path + " is not a regular file"
	case st.Mode().Perm()&0o022 != 0:
		return path + " is writable by its group or others"
	case owner != 0 && owner != exeOwner:
		return fmt.Sprintf("%s is owned by uid %d, neither root nor storygate's owner", path, owner)
	}
	return ""
}

// sameBuild says how theirs is not the small helper of ours's build, or "".
func sameBuild(ours, theirs *debug.BuildInfo) string {
	switch {
	case theirs.Path != smallHelperMain:
		return "its main package is " + theirs.Path
	case theirs.Main.Path != ours.Main.Path || theirs.Main.Version != ours.Main.Version:
		return "module " + theirs.Main.Path + "@" + theirs.Main.Version + ", not " + ours.Main.Path + "@" + ours.Main.Version
	case theirs.GoVersion != ours.GoVersion:
		return "built with " + theirs.GoVersion + ", not " + ours.GoVersion
	}
	want, got := settings(ours), settings(theirs)
	if want["vcs.revision"] == "" || want["vcs.modified"] != "false" {
		return "this storygate was built from no clean VCS revision, so no build can be told to be its own"
	}
	for _, k := range []string{"vcs.revision", "vcs.modified", "GOOS", "GOARCH"} {
		if got[k] != want[k] {
			return fmt.Sprintf("%s %q, not %q", k, got[k], want[k])
		}
	}
	return ""
}

func settings(bi *debug.BuildInfo) map[string]string {
	out := make(map[string]string, len(bi.Settings))
	for _, s := range bi.Settings {
		out[s.Key] = s.Value
	}
	return out
}
