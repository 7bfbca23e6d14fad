package config

import (
	"fmt"
	"path/filepath"

	"gopkg.in/yaml.v3"
)

// DefaultTmpLimitMiB is verify.tmp_limit_mib's default: room for a test
// suite's scratch files, not for filling the runner's memory.
const DefaultTmpLimitMiB = 1024

// DefaultFileLimitMiB is verify.file_limit_mib's default: the largest file
// a command may write, larger than a test suite's outputs and binaries,
// small against a runner's disk.
const DefaultFileLimitMiB = 4096

// validateSandbox checks the sandbox keys of verify: a known mode, limits
// that are not negative, and absolute extra paths (a relative one would
// depend on where storygate was started).
func validateSandbox(file string, root *yaml.Node, v Verify) error {
	fail := func(key, msg string) error {
		n := findKey(root, "verify", key)
		return &Error{File: file, Line: n.Line, Column: n.Column, Message: msg}
	}
	switch v.Sandbox {
	case "auto", "required", "off":
	default:
		return fail("sandbox", fmt.Sprintf("verify.sandbox %q is not one of auto, required, off", v.Sandbox))
	}
	if v.MemoryLimitMiB < 0 {
		return fail("memory_limit_mib", "verify.memory_limit_mib must not be negative (0 means no cap)")
	}
	if v.TmpLimitMiB < 0 {
		return fail("tmp_limit_mib", "verify.tmp_limit_mib must not be negative (0 means no cap)")
	}
	if v.FileLimitMiB < 0 {
		return fail("file_limit_mib", "verify.file_limit_mib must not be negative (0 means no cap)")
	}
	if v.ProcessLimit < 0 {
		return fail("process_limit", "verify.process_limit must not be negative (0 means no cap)")
	}
	for _, p := range v.SandboxPaths {
		if !filepath.IsAbs(p) {
			return fail("sandbox_paths", fmt.Sprintf("verify.sandbox_paths: %q is not an absolute path", p))
		}
	}
	return nil
}
