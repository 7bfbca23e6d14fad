package verify

import (
	"strings"

	"github.com/storygate/storygate/internal/sandbox"
)

// CleanEnv returns environ ("NAME=value" entries) without the secret
// variables (sandbox.IsSecret) and without any name in extra.
func CleanEnv(environ, extra []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if sandbox.IsSecret(name, extra) {
			continue
		}
		out = append(out, kv)
	}
	return out
}
