//go:build linux

package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"debug/buildinfo"

	"github.com/storygate/storygate/internal/testrepo"
)

// cleanBuild is the build information of a small helper built from a
// clean revision, and of the storygate of the same build.
func cleanBuild(path string) *debug.BuildInfo {
	return &debug.BuildInfo{GoVersion: "go1.26.8", Path: path,
		Main: debug.Module{Path: "github.com/storygate/storygate", Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "amd64"},
			{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "false"}}}
}

// TestSameBuildTellsTheSmallHelperOfThisBuild: only the small helper's
// main package of the same module, Go version, target and clean revision
// stands in for storygate; each difference refuses it, and a storygate
// built from no clean revision trusts none.
func TestSameBuildTellsTheSmallHelperOfThisBuild(t *testing.T) {
	t.Parallel()
	set := func(bi *debug.BuildInfo, key, value string) *debug.BuildInfo {
		for i := range bi.Settings {
			if bi.Settings[i].Key == key {
				bi.Settings[i].Value = value
			}
		}
		return bi
	}
	ours := cleanBuild(storygateMain)
	tests := []struct {
		name   string
		ours   *debug.BuildInfo
		theirs *debug.BuildInfo
		why    string // "" for accepted
	}{
		{"the same build (control)", ours, cleanBuild(smallHelperMain), ""},
		{"another program", ours, cleanBuild("example.com/evil"), "main package"},
		{"storygate itself", ours, cleanBuild(storygateMain), "main package"},
		{"another revision", ours, set(cleanBuild(smallHelperMain), "vcs.revision", "def456"), "vcs.revision"},
		{"a modified tree", ours, set(cleanBuild(smallHelperMain), "vcs.modified", "true"), "vcs.modified"},
		{"another target", ours, set(cleanBuild(smallHelperMain), "GOARCH", "arm64"), "GOARCH"},
		{"another Go", ours, func() *debug.BuildInfo { b := cleanBuild(smallHelperMain); b.GoVersion = "go1.25.0"; return b }(), "built with"},
		{"another module version", ours, func() *debug.BuildInfo { b := cleanBuild(smallHelperMain); b.Main.Version = "v0.0.1"; return b }(), "module"},
		{"storygate from no revision", set(cleanBuild(storygateMain), "vcs.revision", ""), set(cleanBuild(smallHelperMain), "vcs.revision", ""), "no clean VCS revision"},
		{"storygate from a modified tree", set(cleanBuild(storygateMain), "vcs.modified", "true"), set(cleanBuild(smallHelperMain), "vcs.modified", "true"), "no clean VCS revision"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			why := sameBuild(tt.ours, tt.theirs)
			if (why == "") != (tt.why == "") || !strings.Contains(why, tt.why) {
				t.Errorf("sameBuild = %q, want %q", why, tt.why)
			}
		})
	}
}

// buildSmallHelper builds cmd/storygate-sandbox-exec as the release does
// (testrepo.ReleaseBuild: cgo, static, -trimpath) from a clean clone of this checkout's HEAD, so that
// it carries a clean VCS revision, and returns it with its build
// information.
func buildSmallHelper(t *testing.T) (string, *debug.BuildInfo) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	testrepo.SkipWithoutCC(t)
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	src := filepath.Join(t.TempDir(), "src")
	if out, err := exec.Command("git", "clone", "-q", "--shared", filepath.Dir(strings.TrimSpace(string(gomod))), src).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	bin := filepath.Join(t.TempDir(), SmallHelperName)
	build := testrepo.ReleaseBuild(src, bin, testrepo.HelperPackage)
	build.Env = append(build.Env, "GOFLAGS=-mod=readonly")
	if out, err := testrepo.GoBuild(build); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	bi, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	return bin, bi
}

// TestTheSmallHelperStandsInForStorygate builds the small helper as the
// release does. Its build information names the main package storygate
// looks for; next to a storygate of its build it is tried first, and
// refused when its file could be changed by others, when it is not a
// regular file, or when it is another build (the controls). In the
// sandbox it confines writes as storygate's own helper does.
func TestTheSmallHelperStandsInForStorygate(t *testing.T) {
	t.Parallel()
	bin, theirs := buildSmallHelper(t)
	if theirs.Path != smallHelperMain {
		t.Fatalf("the small helper's main package is %s, not %s", theirs.Path, smallHelperMain)
	}
	ours := *theirs
	ours.Path = storygateMain
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	install := func(t *testing.T, mode os.FileMode) string {
		dir := t.TempDir()
		own := filepath.Join(dir, "storygate")
		if err := os.WriteFile(own, []byte("storygate"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, SmallHelperName), data, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(filepath.Join(dir, SmallHelperName), mode); err != nil {
			t.Fatal(err)
		}
		return own
	}
	other := ours
	other.Settings = slices.Clone(ours.Settings)
	for i, s := range other.Settings {
		if s.Key == "vcs.revision" {
			other.Settings[i].Value = "0000000"
		}
	}
	tests := []struct {
		name  string
		own   func(t *testing.T) string
		build *debug.BuildInfo
		small bool
	}{
		{"next to its build", func(t *testing.T) string { return install(t, 0o755) }, &ours, true},
		{"writable by others", func(t *testing.T) string { return install(t, 0o757) }, &ours, false},
		{"next to another build", func(t *testing.T) string { return install(t, 0o755) }, &other, false},
		{"absent", func(t *testing.T) string { return filepath.Join(t.TempDir(), "storygate") }, &ours, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			own := tt.own(t)
			got := helperCandidates(own, tt.build)
			if (len(got) == 2) != tt.small || got[len(got)-1] != own {
				_, why := smallHelper(own, tt.build)
				t.Errorf("candidates %v, want the small helper first: %v (%s)", got, tt.small, why)
			}
		})
	}
	t.Run("in the sandbox", func(t *testing.T) {
		sb := landlocked(t, bin)
		if rep := sb.Report(); rep.LandlockABI == 0 {
			t.Skipf("no Landlock layer here: %s", rep.NoLandlock)
		}
		if out, err := inTree(t, sb, "echo evil > /proc/self/comm && echo WROTE"); err == nil || strings.Contains(out, "WROTE") {
			t.Errorf("the small helper let the command write /proc/self/comm: %v\n%s", err, out)
		}
		if out, err := inTree(t, sb, "mkdir d && echo x > d/f && echo y > /tmp/t && cat d/f /tmp/t"); err != nil || out != "x\ny\n" {
			t.Errorf("an honest command failed under the small helper: %v\n%q", err, out)
		}
	})
}
