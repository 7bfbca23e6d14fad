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
		{"none", Report{Mode: Auto, Reason: "no bwrap"}, "PR commands ran WITHOUT a sandbox: no bwrap"},
	} {
		if got := tc.report.Summary(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
