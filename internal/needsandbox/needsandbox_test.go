package needsandbox

import (
	"testing"
)

// recorder records whether Missing skipped or failed.
type recorder struct {
	testing.TB
	skipped, failed bool
}

func (r *recorder) Helper()                        {}
func (r *recorder) Skipf(format string, a ...any)  { r.skipped = true }
func (r *recorder) Fatalf(format string, a ...any) { r.failed = true }

// TestMissingFailsOnlyWhereASandboxIsRequired: without RequireEnv a
// missing sandbox skips; with it, it fails.
func TestMissingFailsOnlyWhereASandboxIsRequired(t *testing.T) {
	for _, c := range []struct {
		env          string
		skip, failed bool
	}{{"", true, false}, {"1", false, true}} {
		t.Setenv(RequireEnv, c.env)
		r := &recorder{TB: t}
		Missing(r, "bwrap is not installed")
		if r.skipped != c.skip || r.failed != c.failed {
			t.Errorf("%s=%q: skipped %v, failed %v; want %v, %v", RequireEnv, c.env, r.skipped, r.failed, c.skip, c.failed)
		}
	}
}
