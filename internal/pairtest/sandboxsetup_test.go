package pairtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fakeTools are the privileged tools host/sandbox-setup.sh calls, as
// scripts that append their command line to $STATE/calls and act on
// files in $STATE: bwrap works once the restriction is off or a profile
// is loaded; sysctl reads and writes $STATE/restrict; apparmor_parser
// loads a profile when $STATE/profile-helps exists; apt-get install
// puts bwrap in place; sudo runs its command; id prints $FAKE_UID.
var fakeTools = map[string]string{
	"bwrap":           `[ "$(cat "$STATE/restrict")" = 0 ] || [ -f "$STATE/loaded" ]`,
	"sysctl":          `case "$1" in -n) cat "$STATE/restrict" ;; -w) echo 0 > "$STATE/restrict" ;; esac`,
	"apparmor_parser": `[ ! -f "$STATE/profile-helps" ] || touch "$STATE/loaded"`,
	"apt-get":         `[ "$1" != install ] || cp "$STATE/bwrap" "$(dirname "$0")/bwrap"`,
	"sudo":            `[ "$1" = -n ] && shift; exec "$@"`,
	"id":              `echo "$FAKE_UID"`,
}

// setupRunner is a runner image for the script: which tools it has, its
// AppArmor restriction, and whether a profile helps.
type setupRunner struct {
	bwrap, sudo, ubuntuProfile, profileHelps bool
	uid                                      string
	restrict                                 string
	// command is the action's command input (STORYGATE_COMMAND).
	command string
	// skip is set for a job whose env: says STORYGATE_SANDBOX_SETUP=skip.
	skip bool
}

// TestSandboxSetupMakesBubblewrapWork runs host/sandbox-setup.sh as
// shipped against fake privileged tools for GitHub's images: 22.04 (no
// restriction; bwrap present or installed), 24.04 (the restriction on:
// a profile loaded, Ubuntu's own where it ships, else sysctl), and a
// runner without sudo (a clear warning, never a failed step). A second
// run changes nothing: the script is idempotent.
func TestSandboxSetupMakesBubblewrapWork(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		runner setupRunner
		calls  []string
		says   string
	}{
		{"22.04, bwrap present", setupRunner{bwrap: true, sudo: true, uid: "1001", restrict: "0"}, nil, "bubblewrap works"},
		{"22.04, bwrap missing", setupRunner{sudo: true, uid: "1001", restrict: "0"},
			[]string{"sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends bubblewrap",
				"apt-get install -y --no-install-recommends bubblewrap"}, "bubblewrap works"},
		{"24.04, restricted: our profile", setupRunner{bwrap: true, sudo: true, profileHelps: true, uid: "1001", restrict: "1"},
			[]string{"sudo -n tee PROFILES/storygate-bwrap", "sudo -n apparmor_parser -r PROFILES/storygate-bwrap", "apparmor_parser -r PROFILES/storygate-bwrap"},
			"loaded the AppArmor profile PROFILES/storygate-bwrap"},
		{"24.04, restricted: Ubuntu's profile", setupRunner{bwrap: true, sudo: true, ubuntuProfile: true, profileHelps: true, uid: "1001", restrict: "1"},
			[]string{"sudo -n apparmor_parser -r PROFILES/bwrap-userns-restrict", "apparmor_parser -r PROFILES/bwrap-userns-restrict"},
			"loaded the AppArmor profile PROFILES/bwrap-userns-restrict"},
		{"24.04, restricted, no profile helps: sysctl", setupRunner{bwrap: true, sudo: true, uid: "1001", restrict: "1"},
			[]string{"sudo -n tee PROFILES/storygate-bwrap", "sudo -n apparmor_parser -r PROFILES/storygate-bwrap", "apparmor_parser -r PROFILES/storygate-bwrap",
				"sudo -n sysctl -w kernel.apparmor_restrict_unprivileged_userns=0", "sysctl -w kernel.apparmor_restrict_unprivileged_userns=0"},
			"turned the restriction off"},
		{"root without sudo, restricted", setupRunner{bwrap: true, profileHelps: true, uid: "0", restrict: "1"},
			[]string{"apparmor_parser -r PROFILES/storygate-bwrap"}, "loaded the AppArmor profile"},
		{"no sudo, bwrap missing", setupRunner{uid: "1001", restrict: "0"}, nil,
			"::warning title=storygate sandbox setup::bubblewrap (bwrap) is not installed and cannot be installed here"},
		{"no sudo, restricted", setupRunner{bwrap: true, uid: "1001", restrict: "1"}, nil,
			"::warning title=storygate sandbox setup::bubblewrap cannot create a user namespace under AppArmor's restriction"},
		{"publish runs no PR code: nothing done", setupRunner{sudo: true, uid: "1001", restrict: "1", command: "publish"}, nil,
			"publish runs no code from the pull request: nothing to set up"},
		{"the job says skip: nothing done", setupRunner{sudo: true, uid: "1001", restrict: "1", skip: true}, nil,
			"skipped (STORYGATE_SANDBOX_SETUP=skip)"},
		{"control: the gate on the same runner", setupRunner{sudo: true, uid: "1001", restrict: "1", command: "action"},
			[]string{"sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends bubblewrap",
				"apt-get install -y --no-install-recommends bubblewrap", "sudo -n tee PROFILES/storygate-bwrap",
				"sudo -n apparmor_parser -r PROFILES/storygate-bwrap", "apparmor_parser -r PROFILES/storygate-bwrap",
				"sudo -n sysctl -w kernel.apparmor_restrict_unprivileged_userns=0", "sysctl -w kernel.apparmor_restrict_unprivileged_userns=0"},
			"turned the restriction off"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newSetupRunner(t, c.runner)
			out, calls := s.run(t)
			if !strings.Contains(out, c.says) {
				t.Errorf("the script does not say %q:\n%s", c.says, out)
			}
			if strings.Join(calls, "\n") != strings.Join(c.calls, "\n") {
				t.Errorf("privileged calls:\n%s\nwant:\n%s", strings.Join(calls, "\n"), strings.Join(c.calls, "\n"))
			}
			s.assertProfile(t, calls)
			if again, calls := s.run(t); strings.Contains(c.says, "::warning") != strings.Contains(again, "::warning") || !strings.Contains(c.says, "::warning") && len(calls) > 0 {
				t.Errorf("a second run is not idempotent (calls %q):\n%s", calls, again)
			}
		})
	}
}

// setupFixture is one fake runner's directories.
type setupFixture struct {
	bin, state, profiles, uid, command string
	skip                               bool
}

func newSetupRunner(t *testing.T, r setupRunner) setupFixture {
	t.Helper()
	f := setupFixture{bin: t.TempDir(), state: t.TempDir(), profiles: t.TempDir(), uid: r.uid, command: r.command, skip: r.skip}
	write := func(path, body string) {
		if err := os.WriteFile(path, []byte("#!/bin/bash\necho \"$(basename \"$0\") $*\" >> \"$STATE/calls\"\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range fakeTools {
		switch {
		case name == "bwrap":
			write(filepath.Join(f.state, "bwrap"), body)
			if r.bwrap {
				write(filepath.Join(f.bin, name), body)
			}
		case name == "sudo" && !r.sudo:
		case name == "id":
			if err := os.WriteFile(filepath.Join(f.bin, name), []byte("#!/bin/bash\n"+body+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
		default:
			write(filepath.Join(f.bin, name), body)
		}
	}
	for _, tool := range []string{"bash", "env", "tee", "uname", "cat", "cp", "dirname", "basename", "touch"} {
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Skip("no", tool)
		}
		if err := os.Symlink(path, filepath.Join(f.bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{"restrict": r.restrict + "\n"}
	if r.profileHelps {
		files["profile-helps"] = ""
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(f.state, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if r.ubuntuProfile {
		if err := os.WriteFile(filepath.Join(f.profiles, "bwrap-userns-restrict"), []byte("# Ubuntu's\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// run runs the script once and returns its output and the privileged
// calls it made (the bwrap probes left out), with the profile directory
// written PROFILES; the calls file is emptied for the next run.
func (f setupFixture) run(t *testing.T) (string, []string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(tools.moduleRoot, "host", "sandbox-setup.sh"))
	cmd.Env = []string{"PATH=" + f.bin, "STATE=" + f.state, "FAKE_UID=" + f.uid, "STORYGATE_APPARMOR_DIR=" + f.profiles}
	if f.command != "" {
		cmd.Env = append(cmd.Env, "STORYGATE_COMMAND="+f.command)
	}
	if f.skip {
		cmd.Env = append(cmd.Env, "STORYGATE_SANDBOX_SETUP=skip")
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the script failed the step: %v\n%s", err, out)
	}
	data, _ := os.ReadFile(filepath.Join(f.state, "calls"))
	os.Remove(filepath.Join(f.state, "calls"))
	var calls []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if line != "" && !strings.HasPrefix(line, "bwrap ") && !strings.HasPrefix(line, "sysctl -n") {
			calls = append(calls, strings.ReplaceAll(line, f.profiles, "PROFILES"))
		}
	}
	return strings.ReplaceAll(string(out), f.profiles, "PROFILES"), calls
}

// bwrapProfile is the profile the script writes where Ubuntu ships none.
const bwrapProfile = "abi <abi/4.0>,\ninclude <tunables/global>\nprofile bwrap /usr/bin/bwrap flags=(unconfined) {\n  userns,\n}\n"

// assertProfile checks the profile the script wrote, if it wrote one.
func (f setupFixture) assertProfile(t *testing.T, calls []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(f.profiles, "storygate-bwrap"))
	loaded := slices.Contains(calls, "apparmor_parser -r PROFILES/storygate-bwrap")
	if wrote := err == nil; wrote != loaded {
		t.Fatalf("wrote the profile %v, calls %q", wrote, calls)
	}
	if err == nil && string(data) != bwrapProfile {
		t.Errorf("the profile:\n%s\nwant:\n%s", data, bwrapProfile)
	}
}
