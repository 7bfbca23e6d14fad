package verify

import (
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/sandbox"
)

// TestSandboxCgroupCapsTheWholeTree runs where storygate can give commands
// a cgroup v2 of their own (a root storygate on a cgroup v2 machine, or a
// delegated cgroup): four shells holding 30 MiB each for two seconds
// exceed a 96 MiB cap that each of them alone keeps, which only a cap over
// the whole tree stops (the kernel kills one, its wait fails); the
// control, one shell, passes.
func TestSandboxCgroupCapsTheWholeTree(t *testing.T) {
	sb := isolated(t, sandbox.Policy{MemoryBytes: 96 << 20, Processes: 256})
	if r := sb.Report(); r.LimitsBy != sandbox.LimitsCgroup {
		t.Skipf("no writable cgroup v2 here, the caps are per process: %s", r.NoCgroup)
	}
	dir, head := credentialedRepo(t)
	hold := `hold() { x=$(head -c 30M /dev/zero | tr '\0' a); sleep 2; test ${#x} -gt 0; }; `
	for _, tc := range []struct {
		name    string
		command string
		pass    bool
	}{
		{"four at once", hold + "hold & a=$!; hold & b=$!; hold & c=$!; hold & d=$!; wait $a && wait $b && wait $c && wait $d", false},
		{"one (control)", hold + "hold", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runIn(t, sb, dir, head, tc.command, time.Minute)
			if (r.Verdict == VerdictPass) != tc.pass {
				t.Fatalf("verdict %s, want pass=%v: %s", r.Verdict, tc.pass, strings.TrimSpace(r.StderrTail))
			}
		})
	}
}
