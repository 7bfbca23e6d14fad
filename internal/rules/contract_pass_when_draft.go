package rules

import "github.com/storygate/storygate/internal/diag"

var passWhenDraft = &Rule{ID: "contract/pass-when-draft", Need: NeedFile, Spec: "§2, §7",
	Summary:  "before `ready`, a `pass_when` that is not yet runnable (prose) is a warning with a runnable rewrite; from `ready` on it is contract/pass-when-invalid",
	Severity: diag.SeverityWarning,
	CheckFile: func(p *Pass) {
		if fm := front(p); fm != nil && draftContract(fm) {
			reportUnrunnable(p, fm)
		}
	}}
