package verify

import (
	"strings"

	"github.com/storygate/storygate/internal/config"
)

// ImageEnv is the variable storygate's released image sets
// (Dockerfile.release): a process that sees it runs inside the Docker
// action's image, which has no bubblewrap and no toolchains.
const ImageEnv = "STORYGATE_IMAGE"

// UnsandboxedRefusal answers, in one place, "may PR code run unsandboxed
// here?" for the environment storygate runs in: "" when it may (auto
// falls back to running commands unsandboxed, with a warning), else why
// not and how to fix it. Inside the Docker image an unsandboxed command
// runs as root with the job's workspace mounted, so auto refuses there;
// verify.sandbox off, chosen in the base's policy, is the owner's
// deliberate consent and keeps its meaning, as does required.
func UnsandboxedRefusal(v config.Verify, environ []string) string {
	if v.Sandbox != "auto" || lookup(environ, ImageEnv) == "" {
		return ""
	}
	return "storygate runs in its Docker image, which has no sandbox, and verify.sandbox auto does not run " +
		"PR code unsandboxed there: use the top-level action storygate/storygate@<tag> (host mode, which " +
		"sets up bubblewrap) after your setup-* steps, or set verify.sandbox: off in the base branch's " +
		"policy to run PR commands without a sandbox"
}

// lookup is key's value in environ (KEY=value entries), "" when unset;
// the last entry wins, as in getenv.
func lookup(environ []string, key string) string {
	value := ""
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			value = v
		}
	}
	return value
}
