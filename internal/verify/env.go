package verify

import (
	"strings"

	"github.com/storygate/storygate/internal/sandbox"
)

// CleanEnv returns environ ("NAME=value" entries) without the secret
// variables (sandbox.IsSecret), without any name in extra and without any
// variable whose value holds a GitHub token (sandbox.CarriesToken).
func CleanEnv(environ, extra []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, value, _ := strings.Cut(kv, "=")
		if sandbox.IsSecret(name, extra) || sandbox.CarriesToken(value) {
			continue
		}
		out = append(out, kv)
	}
	return out
}
