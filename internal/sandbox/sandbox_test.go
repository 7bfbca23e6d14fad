package sandbox

import "testing"

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
