//go:build linux

package sandboxexec

import (
	"strings"
	"testing"
)

func TestHelperRefusesAMalformedLine(t *testing.T) {
	for _, args := range [][]string{nil, {"--write"}, {"--write", "/tmp"}, {"sh"}, {"--"}, {"--user", "x", "--", "sh"},
		{"--user", "-1", "--", "sh"}, {"--rlimit", "bogus=1", "--", "sh"}, {"--rlimit", "as=-1", "--", "sh"},
		{"--rlimit", "as", "--", "sh"}, {"--frob", "1", "--", "sh"}} {
		var stderr strings.Builder
		if code := Run(args, &stderr); code != 126 || !strings.Contains(stderr.String(), "usage") {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}
