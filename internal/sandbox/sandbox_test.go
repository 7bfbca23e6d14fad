package sandbox

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
)

func TestSummarySaysHowCommandsWereConfined(t *testing.T) {
	for _, tc := range []struct {
		name   string
		report Report
		want   string
	}{
		{"root handed over", Report{Mode: Auto, Isolated: true, Processes: 1024, UID: UnprivilegedID, LandlockABI: 6},
			"PR commands ran in the bubblewrap sandbox (no network, address space not capped, processes at most 1024, as uid 65534, writes confined by Landlock ABI 6)"},
		{"own uid", Report{Mode: Auto, Isolated: true, Processes: 1024, NoLandlock: "the kernel has no Landlock"},
			"PR commands ran in the bubblewrap sandbox (no network, address space not capped, processes at most 1024, no Landlock: the kernel has no Landlock)"},
		{"PATH entries left out", Report{Mode: Auto, Isolated: true, NoLandlock: "off", NotMounted: []string{"a", "b"}},
			"PR commands ran in the bubblewrap sandbox (no network, address space not capped, processes not capped, no Landlock: off); 2 PATH entries not mounted, as they would show the runner's or a user's files (the report's not_mounted says which)"},
		{"none", Report{Mode: Auto, Reason: "no bwrap"}, "PR commands ran WITHOUT a sandbox: no bwrap"},
	} {
		if got := tc.report.Summary(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestCarriesTokenFindsGitHubTokensByValue(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  bool
	}{
		{"ghs_abc123", true},
		{"AUTHORIZATION: bearer ghp_abc", true},
		{"github_pat_11AAA", true},
		{"gho_x", true},
		{"ghu_x", true},
		{"ghr_x", true},
		{"/usr/bin:/bin", false},
		{"gh_not_a_token", false},
		{"", false},
	} {
		if got := CarriesToken(tc.value); got != tc.want {
			t.Errorf("CarriesToken(%q) = %v, want %v", tc.value, got, tc.want)
		}
	}
}

// TestTheProbeRunsOnceAndOnlyWhenAsked: New starts nothing; the first
// question a command needs answered (Isolated, Report, Command, a copy
// Without made) probes the machine, and every later one reuses the answer.
func TestTheProbeRunsOnceAndOnlyWhenAsked(t *testing.T) {
	for _, tc := range []struct {
		name string
		ask  func(s *Sandbox)
		want int
	}{
		{"nothing asked", func(*Sandbox) {}, 0},
		{"a copy made, nothing asked", func(s *Sandbox) { s.Without("no commit") }, 0},
		{"isolated", func(s *Sandbox) { s.Isolated() }, 1},
		{"report", func(s *Sandbox) { s.Report() }, 1},
		{"everything, twice", func(s *Sandbox) {
			for range 2 {
				s.Isolated()
				s.Report()
				_, _ = s.Command("true", "/", nil, Mounts{})
				s.Without("no commit").Isolated()
			}
		}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var looked []string
			var mu sync.Mutex
			s := New(context.Background(), Policy{Mode: Required, LookPath: func(file string) (string, error) {
				mu.Lock()
				defer mu.Unlock()
				looked = append(looked, file)
				return "", errors.New("not found")
			}})
			tc.ask(s)
			if s.probes != tc.want || tc.want > 0 && len(looked) != 1 || tc.want == 0 && len(looked) != 0 {
				t.Fatalf("%d probes looking up %q, want %d", s.probes, looked, tc.want)
			}
		})
	}
}

// TestWithoutKeepsTheMachinesReason: a copy Without makes says the
// machine's reason when no sandbox can start there, its own otherwise.
func TestWithoutKeepsTheMachinesReason(t *testing.T) {
	t.Parallel()
	none := func(string) (string, error) { return "", errors.New("not found") }
	s := New(context.Background(), Policy{Mode: Auto, LookPath: none})
	if got := s.Without("no commit").Report().Reason; !strings.Contains(got, "bubblewrap") {
		t.Errorf("reason %q, want the machine's (no bubblewrap)", got)
	}
	off := New(context.Background(), Policy{Mode: Off}).Without("no commit")
	if got := off.Report().Reason; got != "verify.sandbox is off" {
		t.Errorf("reason %q, want verify.sandbox is off", got)
	}
}
