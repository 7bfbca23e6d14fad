package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/passwhen"
	"github.com/storygate/storygate/internal/story"
)

var passWhenInvalid = &Rule{Rule: catalog.Must("contract/pass-when-invalid"),
	CheckFile: func(p *Pass) {
		if fm := front(p); fm != nil && !draftContract(fm) {
			reportUnrunnable(p, fm)
		}
	}}

// draftContract reports whether the story is still planning its contract
// (seeded, planning, plan_review), where a threshold may still be prose.
// Every other state, an unknown one included, needs a runnable threshold.
func draftContract(fm *story.Frontmatter) bool {
	s := fm.CurrentState()
	return lifecycle.IsState(s) && s != lifecycle.Blocked && !lifecycle.AtOrAfter(s, lifecycle.Ready)
}

// reportUnrunnable reports each pass_when that does not compile, with the
// rewrite passWhenRewrite proposes.
func reportUnrunnable(p *Pass, fm *story.Frontmatter) {
	for _, v := range fm.Verification.Items {
		if !v.PassWhen.Set {
			continue
		}
		if _, err := passwhen.Compile(v.PassWhen.Value); err != nil {
			p.Report(v.PassWhen.Pos, "pass_when of %s (%q) is not a boolean expression over exit_code, duration_ms, stdout, stderr (%v); a runnable form: %s",
				idOr(v.ID.Value), v.PassWhen.Value, err, passWhenRewrite(v.PassWhen.Value))
		}
	}
}

func idOr(id string) string {
	if id == "" {
		return "this item"
	}
	return id
}
