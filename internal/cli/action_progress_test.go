package cli

import (
	"os"
	"strings"
	"testing"
)

// TestTheGatePrintsEachGateJudged: a local gate run prints each gate as
// it finishes on stderr, the stories gate with the stories judged; a
// terminal gets the live line, --quiet nothing.
func TestTheGatePrintsEachGateJudged(t *testing.T) {
	_, base, _, _ := actionRepo(t)
	defer restoreEnv(os.Environ())
	tests := []struct {
		name  string
		tty   bool
		extra []string
		want  string
	}{
		{"pipe", false, nil, "gate: ✗ stories "},
		{"terminal", true, []string{"--color", "never"}, "\r\x1b[K✗ stories "},
		{"quiet", false, []string{"--quiet"}, ""},
	}
	for _, tt := range tests {
		args := append([]string{"action", "--event-name", "local", "--gates", "stories", "--base", base, "--markdown", os.DevNull}, tt.extra...)
		code, _, stderr := uiMain(tt.tty, nil, args...)
		if code != ExitFindings {
			t.Fatalf("%s: exit %d:\n%s", tt.name, code, stderr)
		}
		switch {
		case tt.want == "" && strings.Contains(stderr, "gate:"):
			t.Errorf("%s: progress with --quiet:\n%s", tt.name, stderr)
		case tt.want != "" && !strings.Contains(stderr, tt.want+"3 errors, 0 warnings in 2 stories"):
			t.Errorf("%s: no line for the stories gate (%q):\n%q", tt.name, tt.want, stderr)
		case tt.tty && !strings.Contains(stderr, "\r\x1b[Kstorygate action: failure"):
			t.Errorf("%s: the bot's message is not on a line of its own:\n%q", tt.name, stderr)
		}
	}
}
