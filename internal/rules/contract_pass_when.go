package rules

import "github.com/storygate/storygate/internal/verify"

var passWhenInvalid = &Rule{ID: "contract/pass-when-invalid", Need: NeedFile, Spec: "§2",
	Summary: "every `pass_when` parses as a boolean CEL expression over exit_code, duration_ms, stdout and stderr",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil {
			return
		}
		for _, v := range fm.Verification.Items {
			if !v.PassWhen.Set {
				continue
			}
			if _, err := verify.Compile(v.PassWhen.Value); err != nil {
				p.Report(v.PassWhen.Pos, "pass_when of %s (%q) is not a boolean expression over exit_code, duration_ms, stdout, stderr: %v", idOr(v.ID.Value), v.PassWhen.Value, err)
			}
		}
	}}

func idOr(id string) string {
	if id == "" {
		return "this item"
	}
	return id
}
