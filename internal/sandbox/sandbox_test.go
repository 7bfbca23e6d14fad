package sandbox

import "testing"

func TestSummarySaysWhichUserCommandsRanAs(t *testing.T) {
	for _, tc := range []struct {
		name   string
		report Report
		want   string
	}{
		{"root handed over", Report{Mode: Auto, Isolated: true, Processes: 1024, UID: UnprivilegedID},
			"PR commands ran in the bubblewrap sandbox (no network, address space not capped, processes at most 1024, as uid 65534)"},
		{"own uid", Report{Mode: Auto, Isolated: true, Processes: 1024},
			"PR commands ran in the bubblewrap sandbox (no network, address space not capped, processes at most 1024)"},
		{"none", Report{Mode: Auto, Reason: "no bwrap"}, "PR commands ran WITHOUT a sandbox: no bwrap"},
	} {
		if got := tc.report.Summary(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
