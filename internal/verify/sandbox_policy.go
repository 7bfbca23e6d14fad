package verify

import (
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/sandbox"
)

// SandboxPolicy is the isolation the verify configuration asks for
// (verify.sandbox, network, memory_limit_mib, process_limit,
// sandbox_paths): every caller that runs code from the change (verify,
// revert-check, the gate, re-verification) sets its sandbox up with it.
// environ is the environment storygate runs in, which says whether auto
// may fall back to running commands unsandboxed (UnsandboxedRefusal).
func SandboxPolicy(v config.Verify, environ []string) sandbox.Policy {
	return sandbox.Policy{Mode: sandbox.Mode(v.Sandbox), Network: sandbox.Network(v.Network), MemoryBytes: v.MemoryLimitMiB << 20,
		Processes: v.ProcessLimit, TmpBytes: v.TmpLimitMiB << 20, FileBytes: v.FileLimitMiB << 20, Caches: v.Caches, ReadOnly: v.SandboxPaths,
		Refusal: UnsandboxedRefusal(v, environ)}
}
