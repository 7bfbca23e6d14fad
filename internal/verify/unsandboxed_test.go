package verify

import (
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
)

// TestUnsandboxedRefusal: only auto inside the image (STORYGATE_IMAGE set
// and not empty) refuses to run PR code unsandboxed; off and required
// keep their meanings, and host mode falls back as before.
func TestUnsandboxedRefusal(t *testing.T) {
	for _, c := range []struct {
		name, mode string
		environ    []string
		refused    bool
	}{
		{"image, auto", "auto", []string{"PATH=/usr/bin", ImageEnv + "=1"}, true},
		{"image, off", "off", []string{ImageEnv + "=1"}, false},
		{"image, required", "required", []string{ImageEnv + "=1"}, false},
		{"host, auto", "auto", []string{"PATH=/usr/bin"}, false},
		{"empty value, auto", "auto", []string{ImageEnv + "="}, false},
		{"the last entry wins", "auto", []string{ImageEnv + "=", ImageEnv + "=1"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := UnsandboxedRefusal(config.Verify{Sandbox: c.mode}, c.environ)
			if (got != "") != c.refused {
				t.Fatalf("refusal %q, want refused %v", got, c.refused)
			}
			if c.refused && !strings.Contains(got, "verify.sandbox: off") {
				t.Errorf("the refusal does not say how to fix it: %q", got)
			}
			if pol := SandboxPolicy(config.Verify{Sandbox: c.mode}, c.environ); pol.Refusal != got {
				t.Errorf("SandboxPolicy's refusal %q, want %q", pol.Refusal, got)
			}
		})
	}
}
