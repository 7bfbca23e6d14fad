package verify

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/sandbox"
)

// TestSandboxTmpCap writes into the private /tmp under a 128 MiB cap: 320
// MiB fails for want of space and leaves nothing on the host's /tmp; the
// control, 64 MiB, fits.
func TestSandboxTmpCap(t *testing.T) {
	const capBytes = 128 << 20
	sb := isolated(t, sandbox.Policy{TmpBytes: capBytes})
	if got := sb.Report().TmpBytes; got != capBytes {
		t.Fatalf("report tmp_limit_bytes = %d, want %d", got, capBytes)
	}
	dir, head := credentialedRepo(t)
	for _, tc := range []struct {
		name  string
		mib   int
		fits  bool
		marks string
	}{
		{"over the cap", 320, false, "storygate-tmpcap-over"},
		{"under the cap (control)", 64, true, "storygate-tmpcap-under"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := "/tmp/" + tc.marks
			cmd := "dd if=/dev/zero of=" + file + " bs=1M count=" + strconv.Itoa(tc.mib) + " 2>&1 && ls -l " + file
			r := runIn(t, sb, dir, head, cmd, time.Minute)
			if (r.Verdict == VerdictPass) != tc.fits {
				t.Fatalf("verdict %s, want pass=%v: %q %q", r.Verdict, tc.fits, r.StdoutTail, r.StderrTail)
			}
			if !tc.fits && !strings.Contains(r.StdoutTail, "No space left on device") {
				t.Fatalf("over the cap failed for another reason: %q", r.StdoutTail)
			}
			if _, err := os.Stat(filepath.Join(os.TempDir(), tc.marks)); !os.IsNotExist(err) {
				t.Fatalf("the sandbox's /tmp file reached the host: %v", err)
			}
		})
	}
}

// TestSandboxFileCap writes a file in the clone under a 16 MiB per-file
// cap: 40 MiB fails (the write past the cap is refused, the file stops
// at the cap); the control, 8 MiB, fits.
func TestSandboxFileCap(t *testing.T) {
	const capBytes = 16 << 20
	sb := isolated(t, sandbox.Policy{FileBytes: capBytes})
	if got := sb.Report().FileBytes; got != capBytes {
		t.Fatalf("report file_limit_bytes = %d, want %d", got, capBytes)
	}
	dir, head := credentialedRepo(t)
	for _, tc := range []struct {
		name string
		mib  int
		fits bool
	}{
		{"over the cap", 40, false},
		{"under the cap (control)", 8, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := "dd if=/dev/zero of=big.bin bs=1M count=" + strconv.Itoa(tc.mib) + " 2>&1; s=$?; echo size=$(wc -c < big.bin); exit $s"
			r := runIn(t, sb, dir, head, cmd, time.Minute)
			if (r.Verdict == VerdictPass) != tc.fits {
				t.Fatalf("verdict %s, want pass=%v: %q %q", r.Verdict, tc.fits, r.StdoutTail, r.StderrTail)
			}
			if !tc.fits && !strings.Contains(r.StdoutTail, "size="+strconv.Itoa(capBytes)) {
				t.Fatalf("over the cap: the file did not stop at the cap: %q", r.StdoutTail)
			}
		})
	}
}
