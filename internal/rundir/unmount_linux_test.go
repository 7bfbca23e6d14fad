//go:build linux

package rundir

import "testing"

func TestUnescapeMountPath(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"/tmp/plain", "/tmp/plain"},
		{`/tmp/with\040space`, "/tmp/with space"},
		{`/tmp/tab\011and\012newline`, "/tmp/tab\tand\nnewline"},
		{`/tmp/back\134slash`, `/tmp/back\slash`},
		{`/tmp/short\04`, `/tmp/short\04`},
		{`/tmp/notoctal\999`, `/tmp/notoctal\999`},
	} {
		if got := unescapeMountPath(c.in); got != c.want {
			t.Errorf("unescapeMountPath(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
