package sandbox

import "strings"

// sandboxHome is the home directory inside the sandbox: an empty directory
// on its private /tmp, since the host's home (with its git configuration
// and tool credentials) is not mounted.
const sandboxHome = "/tmp/home"

// insideEnv points HOME and TMPDIR at the sandbox's private /tmp; every
// other variable is passed as the caller cleaned it.
func insideEnv(env []string) []string {
	out := make([]string, 0, len(env)+2)
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if name != "HOME" && name != "TMPDIR" {
			out = append(out, kv)
		}
	}
	return append(out, "HOME="+sandboxHome, "TMPDIR=/tmp")
}
