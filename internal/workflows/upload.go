package workflows

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// RuleUploadMayBeEmpty: an upload-artifact step that does not fail when
// it finds nothing. The shipped workflows upload results documents that a
// later job publishes; an upload that warns or ignores lets a gate that
// wrote nothing (or wrote elsewhere, as host mode did under RUNNER_TEMP)
// pass as if it had spoken.
const RuleUploadMayBeEmpty = "workflow/upload-may-be-empty"

// checkUpload flags an upload-artifact step without if-no-files-found: error.
func (w *workflow) checkUpload(job string, step, uses *yaml.Node) {
	if !strings.HasPrefix(uses.Value, "actions/upload-artifact@") {
		return
	}
	if mode := value(value(step, "with"), "if-no-files-found"); mode == nil || mode.Value != "error" {
		w.add(uses, RuleUploadMayBeEmpty, "job %s uploads an artifact without if-no-files-found: error, so an empty upload passes in silence", job)
	}
}
