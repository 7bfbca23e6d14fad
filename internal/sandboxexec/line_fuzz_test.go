//go:build linux

package sandboxexec

import (
	"strings"
	"testing"
)

// FuzzHelperLine feeds arbitrary argument lists (NUL-separated) to
// parseHelperLine: it never panics, and a line it accepts names a program
// and only known limits, and a user that is not negative. Seeds live in
// testdata/fuzz/FuzzHelperLine.
func FuzzHelperLine(f *testing.F) {
	f.Add("--user\x0065534\x00--rlimit\x00core=0\x00--rlimit\x00as=4294967296\x00--write\x00/tmp\x00--\x00sh\x00-c\x00true")
	f.Add("--\x00sh")
	f.Add("--rlimit\x00nproc=x\x00--\x00sh")
	f.Fuzz(func(t *testing.T, line string) {
		l, err := parseHelperLine(strings.Split(line, "\x00"))
		if err != nil {
			return
		}
		if len(l.argv) == 0 || l.user < -1 {
			t.Fatalf("accepted %q as %+v", line, l)
		}
		for _, lim := range l.limits {
			known := false
			for _, r := range helperLimits {
				known = known || r == lim.resource
			}
			if !known {
				t.Fatalf("accepted an unknown limit in %q: %+v", line, lim)
			}
		}
	})
}
